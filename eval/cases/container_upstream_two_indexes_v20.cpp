// Reverse-proxy balancer: each Upstream owns a connected socket descriptor
// and is held in two containers, the round-robin ring (healthy upstreams)
// and the sticky-session index by host. retire() removes an upstream from
// both containers before closing its socket. markDown() closes the socket
// and removes the upstream from the ring only, so the sticky index still
// routes to it, and closeAll(), which walks the sticky index, closes its
// descriptor a second time.
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

struct Upstream {
  std::string host;
  int fd = -1;
};

class Balancer {
public:
  void add(const std::string &host, int fd);
  bool routeRoundRobin(const std::string &req);
  bool routeSticky(const std::string &host, const std::string &req);
  void markDown(const std::string &host);
  void retire(const std::string &host);
  void closeAll();

private:
  void dropFromRing(const std::shared_ptr<Upstream> &up);
  std::vector<std::shared_ptr<Upstream>> ring_;
  std::unordered_map<std::string, std::shared_ptr<Upstream>> byHost_;
  size_t next_ = 0;
};

void Balancer::add(const std::string &host, int fd) {
  auto up = std::make_shared<Upstream>(Upstream{host, fd});
  ring_.push_back(up);
  byHost_[host] = up;
}

bool Balancer::routeRoundRobin(const std::string &req) {
  if (ring_.empty())
    return false;
  const std::shared_ptr<Upstream> &up = ring_[next_++ % ring_.size()];
  return ::write(up->fd, req.data(), req.size()) >= 0; // OK: ring_ holds only upstreams that are still open
}

bool Balancer::routeSticky(const std::string &host, const std::string &req) {
  auto it = byHost_.find(host);
  if (it == byHost_.end())
    return routeRoundRobin(req);
  return ::write(it->second->fd, req.data(), req.size()) >= 0; // SAME: stickydown
}

void Balancer::dropFromRing(const std::shared_ptr<Upstream> &up) {
  ring_.erase(std::remove(ring_.begin(), ring_.end(), up), ring_.end());
}

void Balancer::markDown(const std::string &host) {
  auto it = byHost_.find(host);
  if (it == byHost_.end())
    return;
  std::shared_ptr<Upstream> up = it->second;
  ::close(up->fd);
  dropFromRing(up);
}

void Balancer::retire(const std::string &host) {
  auto it = byHost_.find(host);
  if (it == byHost_.end())
    return;
  std::shared_ptr<Upstream> up = it->second;
  byHost_.erase(it);
  dropFromRing(up);
  ::close(up->fd);
}

void Balancer::closeAll() {
  for (auto &entry : byHost_)
    ::close(entry.second->fd); // SAME: downclosed
  byHost_.clear();
  ring_.clear();
}

int main() {
  Balancer lb;
  std::vector<int> peers;
  for (const char *host : {"app-a", "app-b", "app-c"}) {
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
      return 1;
    lb.add(host, sv[0]);
    peers.push_back(sv[1]);
  }
  lb.routeSticky("app-a", "GET /cart\r\n"); // OK: app-a is open
  lb.retire("app-c");
  lb.routeSticky("app-c", "GET /cart\r\n"); // OK: retire() removed app-c from both indexes, so this falls back to the ring
  lb.markDown("app-b");
  lb.routeRoundRobin("GET /health\r\n"); // OK: markDown() took app-b out of the ring
  lb.routeSticky("app-b", "GET /cart\r\n"); // BUG: use-after-close #stickydown
  lb.closeAll(); // BUG: double-close #downclosed
  for (int p : peers)
    ::close(p);
  return 0;
}
