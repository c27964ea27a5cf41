// libqrencode: QR codes for the pairing link. Debian: libqrencode-dev. Homebrew: qrencode.
#include <qrencode.h>
