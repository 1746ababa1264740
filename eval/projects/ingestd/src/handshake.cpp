// Handshake parsing for new encoder connections.
#include "ingestd/handshake.h"
#include "ingestd/io_util.h"

#include <sstream>

namespace ingestd {

bool readHandshake(int fd, Handshake &out, int timeoutMs) {
  std::string line;
  if (!io::readLine(fd, line, 512, timeoutMs))
    return false;
  std::istringstream words(line);
  std::string verb;
  if (!(words >> verb >> out.streamKey >> out.secret >> out.codec))
    return false;
  if (verb != "INGEST" || out.streamKey.empty() || out.streamKey.size() > 128)
    return false;
  for (char c : out.streamKey) {
    const bool allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                         (c >= '0' && c <= '9') || c == '-' || c == '_';
    if (!allowed)
      return false;
  }
  return true;
}

} // namespace ingestd
