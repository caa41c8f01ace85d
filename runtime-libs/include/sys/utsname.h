/* oxicc built-in header: <sys/utsname.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
struct utsname {
    char sysname[65]; char nodename[65]; char release[65]; char version[65]; char machine[65];
    char domainname[65];
};
extern "C" int uname(struct utsname *buf);
