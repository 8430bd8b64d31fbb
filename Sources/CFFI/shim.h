#ifndef REFRESH_HOST_CFFI_SHIM_H
#define REFRESH_HOST_CFFI_SHIM_H
#include <ffi.h>

/* libffi's type descriptors are mutable globals, which Swift 6 refuses to
 * touch directly; these accessors hand out their addresses instead. */
static inline ffi_type *rh_ffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *rh_ffi_type_pointer(void) { return &ffi_type_pointer; }
static inline ffi_type *rh_ffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *rh_ffi_type_uint32(void) { return &ffi_type_uint32; }
static inline ffi_type *rh_ffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *rh_ffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *rh_ffi_type_uint64(void) { return &ffi_type_uint64; }

/* The CPU's time-stamp counter, for timing plugin calls: rdtsc costs a
 * third of a clock_gettime, and the dispatcher times every call. 0 where
 * there is no such counter; the dispatcher then uses the clock. */
static inline unsigned long long rh_cycle_counter(void)
{
#if defined(__x86_64__)
    return __builtin_ia32_rdtsc();
#else
    return 0;
#endif
}

#endif
