// Wire protocol helpers; see storage_protocol.h for verifyAck()'s contract
// (a NAK closes the connection because the server drops the stream).
#include "backupd/storage_protocol.h"

#include "backupd/storage_conn.h"

namespace backupd {
namespace proto {

const char *const kPing = "PING\n";

std::string encodePartFrame(const std::string &id, std::size_t offset, const std::string &data) {
  return "PART " + id + " " + std::to_string(offset) + " " + std::to_string(data.size()) + "\n" +
         data;
}

std::string encodeResumeFrame(const std::string &id, std::size_t offset) {
  return "RESUME " + id + " " + std::to_string(offset) + "\n";
}

std::string encodeCommitFrame(const std::string &id, std::uint32_t crc, std::size_t size) {
  return "COMMIT " + id + " " + std::to_string(crc) + " " + std::to_string(size) + "\n";
}

std::string encodeTrailerFrame(const std::string &id) { return "TRAILER " + id + "\n"; }

std::string encodeAbortFrame(const std::string &id) { return "ABORT " + id + "\n"; }

std::string encodeIndexFrame(const std::string &line) { return "INDEX " + line + "\n"; }

std::string encodeManifestFrame(const std::string &id, const std::string &body) {
  return "MANIFEST " + id + " " + std::to_string(body.size()) + "\n" + body;
}

std::string encodeStatusFrame(const std::string &line) { return "STATUS " + line + "\n"; }

bool verifyAck(StorageConn &conn, const std::string &id) {
  const std::string reply = conn.recvLine();
  if (reply == "ACK " + id)
    return true;
  if (reply.rfind("NAK", 0) == 0) {
    conn.close(); // OK: the reply said the stream is gone; we return right after and callers see false
    return false;
  }
  if (reply.rfind("GOAWAY", 0) == 0)
    throw GoingAway("storage node " + conn.endpoint() + " is going away");
  throw std::runtime_error("unexpected reply from " + conn.endpoint() + ": " + reply);
}

} // namespace proto
} // namespace backupd
