print("refresh-host")
