// libqrencode (Debian libqrencode-dev): QR codes for terminal output.
#include <qrencode.h>
