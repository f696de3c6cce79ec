// rtnetlink helpers; see include/CNetlink.h.
#include "CNetlink.h"

#include <errno.h>
#include <linux/if.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <poll.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

cnl_constants cnl_get_constants(void) {
    cnl_constants c;
    memset(&c, 0, sizeof(c));
    c.nlmsg_hdrlen = NLMSG_HDRLEN;
    c.ifinfomsg_len = NLMSG_ALIGN(sizeof(struct ifinfomsg));
    c.ifaddrmsg_len = NLMSG_ALIGN(sizeof(struct ifaddrmsg));
    c.rta_hdrlen = RTA_LENGTH(0);
    c.nlmsg_noop = NLMSG_NOOP;
    c.nlmsg_error = NLMSG_ERROR;
    c.nlmsg_done = NLMSG_DONE;
    c.nlmsg_overrun = NLMSG_OVERRUN;
    c.rtm_newlink = RTM_NEWLINK;
    c.rtm_dellink = RTM_DELLINK;
    c.rtm_newaddr = RTM_NEWADDR;
    c.rtm_deladdr = RTM_DELADDR;
    c.ifla_ifname = IFLA_IFNAME;
    c.ifla_operstate = IFLA_OPERSTATE;
    c.ifa_address = IFA_ADDRESS;
    c.ifa_local = IFA_LOCAL;
    c.iff_up = IFF_UP;
    c.iff_running = IFF_RUNNING;
    c.iff_lower_up = IFF_LOWER_UP;
    c.af_inet = AF_INET;
    c.af_inet6 = AF_INET6;
    c.reachability_groups = RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR;
    return c;
}

uint32_t cnl_nlmsg_align(uint32_t len) { return NLMSG_ALIGN(len); }

uint32_t cnl_rta_align(uint32_t len) { return RTA_ALIGN(len); }

int cnl_open_route_socket(uint32_t groups) {
    int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
    if (fd < 0) return -errno;
    // Bursts of events (many links going down at once) must not overflow the default buffer; ENOBUFS is still
    // handled, as "something changed".
    int size = 1 << 20;
    (void)setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
    struct sockaddr_nl address;
    memset(&address, 0, sizeof(address));
    address.nl_family = AF_NETLINK;
    address.nl_groups = groups;
    if (bind(fd, (struct sockaddr *)&address, sizeof(address)) != 0) {
        int code = errno;
        close(fd);
        return -code;
    }
    return fd;
}

int cnl_open_wakeup(void) {
    int fd = eventfd(0, EFD_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int cnl_signal_wakeup(int wakeup_fd) {
    uint64_t one = 1;
    ssize_t written;
    do { written = write(wakeup_fd, &one, sizeof(one)); } while (written < 0 && errno == EINTR);
    // EAGAIN: the counter is full, which already means "woken".
    if (written < 0 && errno != EAGAIN) return -errno;
    return 0;
}

int cnl_wait(int fd, int wakeup_fd) {
    struct pollfd fds[2];
    fds[0].fd = fd;
    fds[0].events = POLLIN;
    fds[0].revents = 0;
    fds[1].fd = wakeup_fd;
    fds[1].events = POLLIN;
    fds[1].revents = 0;
    int ready = poll(fds, 2, -1);
    if (ready < 0) return errno == EINTR ? 0 : -errno;
    if (fds[1].revents != 0) return 2;
    if (fds[0].revents & POLLNVAL) return -EBADF;
    // POLLERR: recv reports the pending error (ENOBUFS after an overrun).
    if (fds[0].revents != 0) return 1;
    return 0;
}

long cnl_receive(int fd, uint8_t *buffer, size_t capacity) {
    ssize_t count;
    do { count = recv(fd, buffer, capacity, MSG_TRUNC); } while (count < 0 && errno == EINTR);
    return count < 0 ? -errno : (long)count;
}
