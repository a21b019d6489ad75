/* device.c: (in progress) */
#include "GG_internal.h"
