// Tide-gauge station uploader: each hour of water-level samples is pushed to the
// hydrographic office over a socket. GaugeUpload::finish() sends QUIT and closes
// the socket, then throws UploadError when the server's final reply is not 226,
// without forgetting the descriptor; the catch handler in uploadHour() calls
// abort(), which closes the same descriptor a second time. MetaUpload::finish()
// forgets its descriptor before throwing, so its abort() is harmless.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

struct UploadError : std::runtime_error {
  explicit UploadError(int code) : std::runtime_error("server reply " + std::to_string(code)), code(code) {}
  int code;
};

static int readReply(int fd) {
  char buf[4] = {0, 0, 0, 0};
  if (::recv(fd, buf, 3, 0) != 3)
    return 421;
  return std::stoi(std::string(buf, 3));
}

class GaugeUpload {
public:
  explicit GaugeUpload(int fd) : fd_(fd) {}
  ~GaugeUpload() {
    if (fd_ >= 0)
      ::close(fd_); // OK: finish() and abort() set fd_ to -1 on their normal paths
  }
  void sendBlock(const std::vector<std::int16_t> &levelsMm);
  void finish();
  void abort();

private:
  int fd_;
};

void GaugeUpload::sendBlock(const std::vector<std::int16_t> &levelsMm) {
  if (fd_ < 0)
    throw std::logic_error("gauge upload already finished");
  const std::size_t bytes = levelsMm.size() * sizeof(std::int16_t);
  if (::send(fd_, levelsMm.data(), bytes, MSG_NOSIGNAL) != static_cast<ssize_t>(bytes))
    throw UploadError(426);
}

void GaugeUpload::finish() {
  ::send(fd_, "QUIT", 4, MSG_NOSIGNAL);
  const int code = readReply(fd_);
  ::close(fd_);
  if (code != 226)
    throw UploadError(code);
  fd_ = -1;
}

void GaugeUpload::abort() {
  if (fd_ < 0)
    return;
  ::close(fd_); // SAME: tideabort
  fd_ = -1;
}

class MetaUpload {
public:
  explicit MetaUpload(int fd) : fd_(fd) {}
  void sendHeader(const std::string &station);
  void finish();
  void abort();

private:
  int fd_;
};

void MetaUpload::sendHeader(const std::string &station) {
  if (::send(fd_, station.data(), station.size(), MSG_NOSIGNAL) < 0)
    throw UploadError(426);
}

void MetaUpload::finish() {
  const int code = readReply(fd_);
  const int fd = fd_;
  fd_ = -1;
  ::close(fd);
  if (code != 226)
    throw UploadError(code);
}

void MetaUpload::abort() {
  if (fd_ < 0)
    return;
  ::close(fd_); // OK: finish() forgot the descriptor before it threw
  fd_ = -1;
}

class GaugeStation {
public:
  void uploadHour(int fd, const std::vector<std::vector<std::int16_t>> &blocks);
  void uploadMetadata(int fd, const std::string &station);

private:
  int retries_ = 0;
};

void GaugeStation::uploadHour(int fd, const std::vector<std::vector<std::int16_t>> &blocks) {
  GaugeUpload up(fd);
  try {
    for (const auto &block : blocks)
      up.sendBlock(block);
    up.finish();
  } catch (const UploadError &) {
    up.abort(); // BUG: double-close #tideabort
    ++retries_;
  }
}

void GaugeStation::uploadMetadata(int fd, const std::string &station) {
  MetaUpload meta(fd);
  try {
    meta.sendHeader(station);
    meta.finish();
  } catch (const UploadError &) {
    meta.abort(); // OK: closes only when sendHeader() failed before finish()
    ++retries_;
  }
}

int main() {
  GaugeStation newlyn;
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0) {
    ::send(pair[1], "451", 3, 0);
    newlyn.uploadHour(pair[0], {{1203, 1207, 1211}, {1214, 1216}});
  }
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0) {
    ::send(pair[1], "451", 3, 0);
    newlyn.uploadMetadata(pair[0], "NEWLYN 50.103N 5.543W");
  }
  return 0;
}
