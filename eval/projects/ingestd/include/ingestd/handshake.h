// The first line an encoder sends: "INGEST <stream-key> <secret> <codec>".
#pragma once
#include <string>

namespace ingestd {

struct Handshake {
  std::string streamKey;
  std::string secret;
  std::string codec;
};

// Reads and parses the handshake line from fd within timeoutMs.
bool readHandshake(int fd, Handshake &out, int timeoutMs);

} // namespace ingestd
