// Coastal lighthouse network: the control room keeps one BeaconLink (a socket
// descriptor) per lighthouse in a vector of unique_ptr. fogSignal() hangs up the
// failing station's link inside the loop and then sends the fog pattern on it
// anyway. decommission() erases the link after hanging up; replaceLink() swaps in
// a fresh link before sending; the destructor closes only a live descriptor.
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>
#include <vector>

class BeaconLink {
public:
  BeaconLink(std::string station, int fd) : station_(std::move(station)), fd_(fd) {}
  ~BeaconLink();
  BeaconLink(const BeaconLink &) = delete;
  BeaconLink &operator=(const BeaconLink &) = delete;
  void sendLamp(const std::string &pattern);
  void hangUp();
  const std::string &station() const { return station_; }

private:
  std::string station_;
  int fd_;
};

BeaconLink::~BeaconLink() {
  if (fd_ >= 0)
    ::close(fd_); // OK: hangUp() sets fd_ to -1
}

void BeaconLink::sendLamp(const std::string &pattern) {
  if (fd_ < 0)
    throw std::runtime_error(station_ + ": beacon link hung up");
  if (::send(fd_, pattern.data(), pattern.size(), MSG_NOSIGNAL) < 0)
    throw std::runtime_error(station_ + ": send failed");
}

void BeaconLink::hangUp() {
  if (fd_ < 0)
    return;
  ::close(fd_);
  fd_ = -1;
}

class CoastNetwork {
public:
  void add(const std::string &station, int fd);
  void fogSignal(const std::string &failing);
  void decommission(const std::string &station);
  void replaceLink(const std::string &station, int fd);
  void lightsOut();

private:
  BeaconLink *find(const std::string &station);
  std::vector<std::unique_ptr<BeaconLink>> links_;
};

void CoastNetwork::add(const std::string &station, int fd) {
  links_.push_back(std::make_unique<BeaconLink>(station, fd));
}

BeaconLink *CoastNetwork::find(const std::string &station) {
  for (auto &l : links_)
    if (l->station() == station)
      return l.get();
  return nullptr;
}

void CoastNetwork::fogSignal(const std::string &failing) {
  for (auto &link : links_) {
    if (link->station() == failing)
      link->hangUp();
    link->sendLamp("FOG 2L 20s"); // BUG: use-after-close
  }
}

void CoastNetwork::decommission(const std::string &station) {
  BeaconLink *link = find(station);
  if (!link)
    return;
  link->sendLamp("DARK");
  link->hangUp();
  links_.erase(std::remove_if(links_.begin(), links_.end(),
                              [link](const std::unique_ptr<BeaconLink> &l) {
                                return l.get() == link;
                              }),
               links_.end());
  for (auto &l : links_)
    l->sendLamp("NEIGHBOUR DARK: " + station); // OK: the hung-up link was erased
}

void CoastNetwork::replaceLink(const std::string &station, int fd) {
  for (auto &link : links_) {
    if (link->station() != station)
      continue;
    link->hangUp();
    link = std::make_unique<BeaconLink>(station, fd);
    link->sendLamp("SYNC"); // OK: the element now holds a fresh link
  }
}

void CoastNetwork::lightsOut() {
  for (auto &link : links_) {
    link->sendLamp("DAWN"); // OK: sent before this element's hang-up
    link->hangUp();
  }
  links_.clear();
}

int main() {
  CoastNetwork net;
  int pair[2];
  for (const char *name : {"Longstone", "Bass Rock", "Fastnet"}) {
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0)
      net.add(name, pair[0]);
  }
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0)
    net.replaceLink("Fastnet", pair[0]);
  net.decommission("Bass Rock");
  net.fogSignal("Longstone");
  net.lightsOut();
  return 0;
}
