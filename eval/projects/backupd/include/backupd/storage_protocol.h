// The agent <-> storage server wire protocol: newline-terminated text frames.
// verifyAck() reads one reply line:
//   "ACK <id>"  -> returns true;
//   "NAK ..."   -> the server drops the stream after a NAK, so verifyAck()
//                  closes the connection and returns false;
//   "GOAWAY"    -> throws GoingAway (the connection is left open);
//   anything else throws std::runtime_error.
#pragma once
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace backupd {
class StorageConn;

namespace proto {

class GoingAway : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

extern const char *const kPing;

std::string encodePartFrame(const std::string &id, std::size_t offset, const std::string &data);
std::string encodeResumeFrame(const std::string &id, std::size_t offset);
std::string encodeCommitFrame(const std::string &id, std::uint32_t crc, std::size_t size);
std::string encodeTrailerFrame(const std::string &id);
std::string encodeAbortFrame(const std::string &id);
std::string encodeIndexFrame(const std::string &line);
std::string encodeManifestFrame(const std::string &id, const std::string &body);
std::string encodeStatusFrame(const std::string &line);

bool verifyAck(StorageConn &conn, const std::string &id);

} // namespace proto
} // namespace backupd
