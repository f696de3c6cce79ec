// rtnetlink helpers: the NLMSG_*/RTA_* macros as functions Swift can call (the macros do not import), the constants
// of the kernel headers as one struct, and the socket calls whose arguments Swift cannot build (sockaddr_nl).
#ifndef CNETLINK_H
#define CNETLINK_H

#include <stddef.h>
#include <stdint.h>

/// Values from <linux/netlink.h>, <linux/rtnetlink.h> and <linux/if.h> that the parser needs.
typedef struct {
    /// NLMSG_HDRLEN: the aligned size of struct nlmsghdr.
    uint32_t nlmsg_hdrlen;
    /// Aligned sizes of the message bodies: struct ifinfomsg, struct ifaddrmsg, and the rtattr header (RTA_LENGTH(0)).
    uint32_t ifinfomsg_len;
    uint32_t ifaddrmsg_len;
    uint32_t rta_hdrlen;
    /// Control message types.
    uint16_t nlmsg_noop;
    uint16_t nlmsg_error;
    uint16_t nlmsg_done;
    uint16_t nlmsg_overrun;
    /// Route message types.
    uint16_t rtm_newlink;
    uint16_t rtm_dellink;
    uint16_t rtm_newaddr;
    uint16_t rtm_deladdr;
    /// Link attributes.
    uint16_t ifla_ifname;
    uint16_t ifla_operstate;
    /// Address attributes.
    uint16_t ifa_address;
    uint16_t ifa_local;
    /// Interface flags (ifi_flags).
    uint32_t iff_up;
    uint32_t iff_running;
    uint32_t iff_lower_up;
    /// Address families.
    uint8_t af_inet;
    uint8_t af_inet6;
    /// Multicast groups: RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR.
    uint32_t reachability_groups;
} cnl_constants;

/// The constants of the running system's headers.
cnl_constants cnl_get_constants(void);

/// NLMSG_ALIGN(len).
uint32_t cnl_nlmsg_align(uint32_t len);

/// RTA_ALIGN(len).
uint32_t cnl_rta_align(uint32_t len);

/// Opens an AF_NETLINK/NETLINK_ROUTE socket (SOCK_RAW, close-on-exec) bound to the multicast `groups`, with a larger
/// receive buffer. Returns the descriptor, or -errno.
int cnl_open_route_socket(uint32_t groups);

/// Opens an eventfd (close-on-exec) used to wake a thread blocked in cnl_wait. Returns the descriptor, or -errno.
int cnl_open_wakeup(void);

/// Signals a wakeup descriptor. Returns 0, or -errno.
int cnl_signal_wakeup(int wakeup_fd);

/// Waits until `fd` is readable or `wakeup_fd` is signalled. Returns 1 when `fd` is readable, 2 when woken (takes
/// precedence), 0 on EINTR, or -errno.
int cnl_wait(int fd, int wakeup_fd);

/// recv() of one datagram into `buffer`. Returns the byte count (the datagram's full length when MSG_TRUNC cut it,
/// so a caller can tell), or -errno (-ENOBUFS when the kernel dropped messages).
long cnl_receive(int fd, uint8_t *buffer, size_t capacity);

#endif
