// A copy of a container's element that the container then drops (`auto up =
// it->second; byHost_.erase(it); ::close(up->fd);`) is the only way left to
// that object: its close says nothing of the element a later lookup by the
// same key finds (there is none). And an element replaced at an index only
// the callee names (`for (i ...) if (v[i].isClosed()) v[i] = Conn(...);`)
// may be any element: for the caller some element may be open again, so a
// use of one is not reported, while the callee's own closes still are.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -I%S/../Inputs | FileCheck %s --implicit-check-not=warning:
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <unordered_map>
#include <vector>

struct Backend {
  std::string host;
  int fd = -1;
};

class StickyBalancer {
public:
  void add(const std::string &host, int fd) {
    byHost_[host] = std::make_shared<Backend>(Backend{host, fd});
  }
  bool route(const std::string &host, const std::string &req) {
    auto it = byHost_.find(host);
    if (it == byHost_.end())
      return false;
    return ::write(it->second->fd, req.data(), req.size()) >= 0;
  }
  void retire(const std::string &host) {
    auto it = byHost_.find(host);
    if (it == byHost_.end())
      return;
    std::shared_ptr<Backend> up = it->second;
    byHost_.erase(it);
    ::close(up->fd);
  }
  void markDown(const std::string &host) {
    auto it = byHost_.find(host);
    if (it == byHost_.end())
      return;
    std::shared_ptr<Backend> up = it->second;
    ::close(up->fd);
  }

private:
  std::unordered_map<std::string, std::shared_ptr<Backend>> byHost_;
};

void rotateBackends(StickyBalancer &lb) {
  lb.retire("app-c");
  lb.route("app-c", "GET /"); // OK: retire() removed app-c before closing it
  lb.markDown("app-b");
  // CHECK: element-copies-and-resets.cpp:[[@LINE+1]]:6: warning: call to 'route' uses 'lb.byHost_[host].second.fd' that may have been closed
  lb.route("app-b", "GET /");
}

class TenantLink {
public:
  explicit TenantLink(std::string ep) : ep_(std::move(ep)) {}
  void send(const std::string &m) {
    if (closed_)
      throw std::runtime_error("tenant link closed: " + m);
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  std::string ep_;
  bool closed_ = false;
};

class TenantUpstreams {
public:
  void drainAll() {
    for (TenantLink &l : links_)
      if (!l.isClosed())
        l.close();
  }
  void reconnect() {
    for (size_t i = 0; i < links_.size(); ++i)
      if (links_[i].isClosed())
        links_[i] = TenantLink(eps_[i]);
  }
  TenantLink &primary() { return links_.front(); }
  void goodbye() { links_[0].send("GOODBYE"); }

private:
  std::vector<std::string> eps_;
  std::vector<TenantLink> links_;
};

void rotateTenantLinks(TenantUpstreams &up) {
  TenantLink &lead = up.primary();
  up.drainAll();
  up.reconnect();
  lead.send("ROTATED"); // OK: reconnect() replaced the closed elements
}

void shutdownTenantLinks(TenantUpstreams &up) {
  up.drainAll();
  // CHECK: element-copies-and-resets.cpp:[[@LINE+1]]:6: warning: call to 'goodbye' uses 'up.links_[0]' that may have been closed
  up.goodbye();
}
