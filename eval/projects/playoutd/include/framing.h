// Pipe<Framing>: a one-way audio output on a descriptor; Framing is a static
// policy that turns a block of PCM into wire frames (AES67-style RTP for the
// transmitter link, ADTS for the web stream encoder).
#pragma once
#include <cerrno>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <utility>
#include <vector>

template <class Framing> class Pipe {
public:
  Pipe() = default;
  explicit Pipe(int fd) noexcept : fd_(fd) {}
  Pipe(Pipe &&other) noexcept
      : fd_(std::exchange(other.fd_, -1)), seq_(other.seq_) {}
  Pipe &operator=(Pipe &&) = delete;
  Pipe(const Pipe &) = delete;
  ~Pipe() { close(); }

  void push(const std::vector<int16_t> &pcm) {
    if (fd_ < 0)
      throw std::runtime_error(std::string(Framing::kName) + " pipe closed");
    const std::vector<uint8_t> frame = Framing::wrap(pcm, seq_++);
    if (::write(fd_, frame.data(), frame.size()) < 0)
      throw std::system_error(errno, std::generic_category(), Framing::kName);
  }
  void close() noexcept {
    const int fd = std::exchange(fd_, -1);
    if (fd >= 0)
      ::close(fd); // SAME: aesclose
  }
  bool isOpen() const noexcept { return fd_ >= 0; }
  uint32_t framesSent() const noexcept { return seq_; }

private:
  int fd_ = -1;
  uint32_t seq_ = 0;
};

struct AesFraming {
  static constexpr const char *kName = "aes67";
  static std::vector<uint8_t> wrap(const std::vector<int16_t> &pcm,
                                   uint32_t seq);
};

struct AdtsFraming {
  static constexpr const char *kName = "adts";
  static std::vector<uint8_t> wrap(const std::vector<int16_t> &pcm,
                                   uint32_t seq);
};
