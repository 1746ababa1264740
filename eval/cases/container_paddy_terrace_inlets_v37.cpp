// Rice paddy terraces: each terrace's inlet gate is driven over its own TCP
// link, kept in an unordered_map by terrace name (and, for the lower valley, a
// vector ordered downhill). During a drought the middle terrace is shut by key,
// and the drought routine later opens it again by the same key; at season end
// every valley gate is shut in a loop and the top gate is then asked to trickle.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

class InletLink {
 public:
  explicit InletLink(std::string addr) : addr_(std::move(addr)) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) throw std::runtime_error("inlet link: socket failed");
    sockaddr_in sa{};
    sa.sin_family = AF_INET;
    sa.sin_port = htons(5020);
    ::inet_pton(AF_INET, addr_.c_str(), &sa.sin_addr);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0) {
      ::close(fd_);
      throw std::runtime_error("inlet link: connect to " + addr_ + " failed");
    }
  }
  InletLink(InletLink&& o) noexcept : addr_(std::move(o.addr_)), fd_(o.fd_) { o.fd_ = -1; }
  InletLink(const InletLink&) = delete;
  InletLink& operator=(const InletLink&) = delete;
  ~InletLink() {
    if (fd_ >= 0) ::close(fd_);
  }

  void set_flow(int litres_per_min) {
    if (fd_ < 0) throw std::runtime_error("inlet link " + addr_ + " shut");
    char msg[32];
    int n = std::snprintf(msg, sizeof msg, "FLOW %d\n", litres_per_min);
    if (::send(fd_, msg, static_cast<size_t>(n), 0) != n) throw std::runtime_error("inlet link: send failed");
  }
  void shut() {
    if (fd_ < 0) throw std::runtime_error("inlet link " + addr_ + " already shut");
    ::close(fd_);
    fd_ = -1;
  }
  bool is_shut() const { return fd_ < 0; }

 private:
  std::string addr_;
  int fd_ = -1;
};

using TerraceMap = std::unordered_map<std::string, InletLink>;

void drought_protocol(TerraceMap& inlets) {
  inlets.at("upper").set_flow(10);
  inlets.at("middle").shut();
  inlets.at("lower").set_flow(30);  // OK: a different terrace's link
  inlets.at("upper").set_flow(5);  // OK: only "middle" was shut
  inlets.at("middle").set_flow(5);  // BUG: use-after-close
}

void monsoon_reset(TerraceMap& inlets) {
  inlets.at("middle").shut();
  inlets.erase("middle");
  inlets.emplace("middle", InletLink("10.20.0.12"));
  inlets.at("middle").set_flow(80);  // OK: erased and replaced with a new link
}

void season_close(std::vector<InletLink>& valley) {
  if (valley.empty()) return;
  for (auto& gate : valley) gate.shut();
  valley[0].set_flow(1);  // BUG: use-after-close
}

void close_leaky(std::vector<InletLink>& valley, const std::vector<bool>& leaking) {
  for (std::size_t i = 0; i < valley.size() && i < leaking.size(); ++i) {
    if (!leaking[i]) continue;
    valley[i].shut();
  }
  for (auto& gate : valley) {
    if (gate.is_shut()) continue;
    gate.set_flow(20);  // OK: shut gates are skipped
  }
}

void drain_each(std::vector<InletLink>& valley) {
  for (auto& gate : valley) {
    gate.set_flow(0);  // OK: sent before this element is shut in the same iteration
    gate.shut();
  }
}
