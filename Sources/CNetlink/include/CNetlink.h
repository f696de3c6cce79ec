// rtnetlink helpers: the NLMSG_*/RTA_* macros as functions Swift can call (the macros do not import).
#ifndef CNETLINK_H
#define CNETLINK_H

#include <stddef.h>
#include <stdint.h>

#endif
