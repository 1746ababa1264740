// Scallop dredging fleet: the harbour office talks to each boat's dredge winch over its own link.
// Boats at sea are kept in an unordered_map by boat name; the winches on the quay in a vector by
// berth. Recalling a boat closes its link, end of tide closes every link, and a boat that comes
// back on a new radio gets a fresh WinchLink under the same name.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

class WinchLink {
 public:
  explicit WinchLink(const std::string& dev) : fd_(::open(dev.c_str(), O_RDWR)) {
    if (fd_ < 0) throw std::runtime_error("winch: cannot open " + dev);
  }
  WinchLink(WinchLink&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  WinchLink& operator=(WinchLink&& o) noexcept {
    if (this != &o) {
      if (fd_ >= 0) ::close(fd_);
      fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
  }
  WinchLink(const WinchLink&) = delete;
  ~WinchLink() {
    if (fd_ >= 0) ::close(fd_);
  }

  void haul(int metres) {
    if (fd_ < 0) throw std::runtime_error("winch link closed");
    char cmd[24];
    int n = std::snprintf(cmd, sizeof cmd, "HAUL %d\n", metres);
    if (::write(fd_, cmd, static_cast<size_t>(n)) != n) throw std::runtime_error("winch: write failed");
  }
  void close() {
    if (fd_ < 0) throw std::runtime_error("winch link already closed");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

using Fleet = std::unordered_map<std::string, WinchLink>;

void recall_morwenna(Fleet& fleet) {
  fleet.at("Morwenna").close();
  fleet.at("Kittiwake").haul(30);  // OK: a different boat
  fleet.at("Morwenna").haul(10);   // BUG: use-after-close
}

void morwenna_new_radio(Fleet& fleet, const std::string& dev) {
  fleet.at("Morwenna").close();
  fleet.erase("Morwenna");
  fleet.emplace("Morwenna", WinchLink(dev));
  fleet.at("Morwenna").haul(12);  // OK: erased and replaced by a fresh link
}

void storm_warning(Fleet& fleet) {
  for (auto& [name, winch] : fleet)
    if (name != "Kittiwake") winch.close();
  fleet.at("Kittiwake").haul(40);  // OK: the only boat the loop skipped
}

void last_haul_report(Fleet& fleet) {
  auto lead = fleet.find("Kittiwake");
  for (auto& entry : fleet) entry.second.close();
  if (lead != fleet.end()) lead->second.haul(0);  // BUG: use-after-close
}

void end_of_tide(std::vector<WinchLink>& quay) {
  for (auto& winch : quay) winch.close();
  if (!quay.empty()) quay[0].haul(0);  // BUG: use-after-close
}

void next_tide(std::vector<WinchLink>& quay, const std::vector<std::string>& devs) {
  for (auto& winch : quay) winch.close();
  for (size_t i = 0; i < quay.size() && i < devs.size(); ++i) quay[i] = WinchLink(devs[i]);
  if (!quay.empty() && !devs.empty()) quay[0].haul(3);  // OK: berth 0 was given a fresh link
}

void berth_handover(std::vector<WinchLink>& quay, size_t berth, const std::string& dev) {
  if (berth >= quay.size()) return;
  WinchLink& outgoing = quay[berth];
  outgoing.haul(0);
  outgoing.close();
  quay.push_back(WinchLink(dev));
  quay.back().haul(5);  // OK: the link just pushed
}
