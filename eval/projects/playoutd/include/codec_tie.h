// CodecLink: a contribution link to an IP audio codec (a remote site, the
// transmitter site) over one connected TCP socket.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

class CodecLink {
public:
  CodecLink(std::string site, std::string host, uint16_t port);
  ~CodecLink();
  CodecLink(const CodecLink &) = delete;
  CodecLink &operator=(const CodecLink &) = delete;

  bool connect();
  /// Agrees the audio profile with the far end. If the codec rejects it the
  /// socket is closed and false is returned.
  bool negotiate(const std::string &profile);
  /// Both throw std::runtime_error once the link is closed.
  void sendFrame(const std::vector<uint8_t> &frame);
  void sendCue(const std::string &text);
  void close();

  bool isOpen() const;
  /// Open, and the peer has not hung up.
  bool alive() const;
  explicit operator bool() const { return isOpen(); }
  const std::string &site() const { return site_; }

private:
  void writeAllLocked(const void *data, std::size_t len);

  std::string site_;
  std::string host_;
  uint16_t port_;
  mutable std::mutex mu_;
  int sock_ = -1;
  std::chrono::steady_clock::time_point lastHeard_{};
};
