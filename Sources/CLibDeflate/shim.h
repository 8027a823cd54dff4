// libdeflate (Debian: libdeflate-dev): the DEFLATE/zlib compressor and CRC-32 behind the PNG writer.
#include <libdeflate.h>
