// Point-of-sale store controller. Each checkout lane's payment terminal is
// reached over a TCP socket; the controller keeps the lanes in a
// std::vector<Lane> with the raw descriptor and an online flag. A lane that
// drops is disconnected: its socket is closed and the lane stays in the
// vector (marked offline) so the dashboard can still show it; removeLane()
// closes and erases it. Defects: the end-of-day receipt footer is written to
// every lane without checking the online flag, and shutdown() closes every
// descriptor again, including the ones already closed by disconnect().
#include <algorithm>
#include <arpa/inet.h>
#include <cstring>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace pos {

struct Lane {
  int number;
  int fd;
  bool online;
};

static int connectTerminal(const std::string &ip, unsigned short port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  ::inet_pton(AF_INET, ip.c_str(), &addr.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) < 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

static bool sendLine(int fd, const std::string &line) {
  std::string framed = line + "\r\n";
  return ::send(fd, framed.data(), framed.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(framed.size()); // SAME: footer_all_lanes
}

class StoreController {
public:
  bool addLane(int number, const std::string &ip) {
    int fd = connectTerminal(ip, 9100);
    if (fd < 0)
      return false;
    lanes_.push_back({number, fd, true});
    return true;
  }

  void disconnect(int number) {
    for (Lane &l : lanes_)
      if (l.number == number && l.online) {
        ::close(l.fd);
        l.online = false;
      }
  }

  void removeLane(int number) {
    auto it = std::find_if(lanes_.begin(), lanes_.end(),
                           [number](const Lane &l) { return l.number == number; });
    if (it == lanes_.end())
      return;
    if (it->online)
      ::close(it->fd); // OK: disconnect() cleared online, so never closed twice
    lanes_.erase(it);
  }

  void broadcastPrice(const std::string &sku, long cents) {
    for (const Lane &l : lanes_)
      if (l.online)
        sendLine(l.fd, "PRICE " + sku + " " + std::to_string(cents)); // OK: offline lanes are skipped
  }

  void printFooter(const std::string &text) {
    for (const Lane &l : lanes_)
      sendLine(l.fd, "FOOTER " + text); // BUG: use-after-close #footer_all_lanes
  }

  void shutdown() {
    for (Lane &l : lanes_)
      ::close(l.fd); // BUG: double-close
    lanes_.clear();
  }

private:
  std::vector<Lane> lanes_;
};

} // namespace pos

void endOfDay(pos::StoreController &store) {
  store.addLane(1, "10.20.0.11");
  store.addLane(2, "10.20.0.12");
  store.addLane(3, "10.20.0.13");
  store.broadcastPrice("SKU-4411", 1299);
  store.disconnect(2);
  store.broadcastPrice("SKU-4412", 499);
  store.removeLane(3);
  store.printFooter("Thank you for shopping with us");
  store.shutdown();
}
