// The declarations in include/CLibFuzzer.h are libFuzzer's own; this target only makes them visible to Swift.
#include "CLibFuzzer.h"
