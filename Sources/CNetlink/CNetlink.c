// rtnetlink helpers; see include/CNetlink.h.
#include "CNetlink.h"
