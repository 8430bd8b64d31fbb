import RefreshHostABI

/// RH_OK as the type host services return (C enum constants import as Int).
let statusOK = rh_status_t(RH_OK)

/// What the kit assumes when the host lacks a service.
let statusMissing = rh_status_t(RH_ERR_BAD_STATE)
