// libsecret (Debian libsecret-1-dev): the Secret Service client. Swift uses only its non-variadic API.
#include <libsecret/secret.h>
