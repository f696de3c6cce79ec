// The Linux kernel keyring's C API (Debian libkeyutils-dev), for `cashu unlock`.
#include <keyutils.h>
