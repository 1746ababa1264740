// Taiko ensemble click-track server. Every drum position gets its own UDP
// socket owned by a UniqueFd inside a DrumChannel; the channels live in a
// vector. end_rehearsal() caches the lead drummer's raw descriptor, clears the
// vector (each UniqueFd destructor closes its socket) and then writes the END
// cue on the cached descriptor. print_setlist() owns the setlist FILE* through
// a unique_ptr with an fclose deleter, resets it, and keeps writing through the
// raw pointer it copied earlier. Moving a socket out before erasing its
// element, and writes while the owner is alive, are fine.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  UniqueFd& operator=(UniqueFd&& o) noexcept {
    if (this != &o) {
      reset();
      fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }

 private:
  int fd_ = -1;
};

struct DrumChannel {
  std::string position;  // "odaiko", "shime", "nagado", ...
  UniqueFd sock;
};

class ClickTrack {
 public:
  void add(const std::string& position, unsigned short earpiece_port) {
    UniqueFd fd(::socket(AF_INET, SOCK_DGRAM, 0));
    if (fd.get() < 0) throw std::runtime_error("socket() failed for " + position);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(earpiece_port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd.get(), reinterpret_cast<const sockaddr*>(&addr), sizeof addr) < 0)
      throw std::runtime_error("connect() failed for " + position);
    channels_.push_back(DrumChannel{position, std::move(fd)});
  }

  void count_in(int beats) {
    for (auto& ch : channels_) {
      for (int b = 0; b < beats; ++b) ::write(ch.sock.get(), "TICK", 4);  // OK: element alive
    }
  }

  UniqueFd take_lead() {
    if (channels_.empty()) throw std::runtime_error("no drums");
    UniqueFd lead = std::move(channels_.front().sock);
    channels_.erase(channels_.begin());
    return lead;
  }

  void end_rehearsal() {
    if (channels_.empty()) return;
    int lead_fd = channels_.front().sock.get();
    channels_.clear();
    static const char kEnd[] = "END";
    ::write(lead_fd, kEnd, sizeof kEnd);  // BUG: use-after-close
  }

 private:
  std::vector<DrumChannel> channels_;
};

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f) std::fclose(f);
  }
};
using SetlistFile = std::unique_ptr<std::FILE, FileCloser>;

void print_setlist(const std::vector<std::string>& pieces, const char* path) {
  SetlistFile out(std::fopen(path, "w"));
  if (!out) throw std::runtime_error("cannot open setlist");
  std::FILE* raw = out.get();
  for (const auto& p : pieces) std::fprintf(raw, "%s\n", p.c_str());  // OK: out still owns the file
  out.reset();
  std::fputs("-- encore: Yatai-bayashi --\n", raw);  // BUG: use-after-close
}

void print_programme(const std::vector<std::string>& pieces, const char* path) {
  SetlistFile out(std::fopen(path, "w"));
  if (!out) throw std::runtime_error("cannot open programme");
  for (const auto& p : pieces) std::fprintf(out.get(), "* %s\n", p.c_str());  // OK
  std::fputs("-- encore: Yatai-bayashi --\n", out.get());  // OK: deleter runs at end of scope
}

void rehearsal() {
  ClickTrack track;
  track.add("odaiko", 7001);
  track.add("shime", 7002);
  track.add("nagado", 7003);
  track.count_in(4);
  UniqueFd lead = track.take_lead();
  ::write(lead.get(), "SOLO", 4);  // OK: moved out before the element was erased
  track.end_rehearsal();
}
