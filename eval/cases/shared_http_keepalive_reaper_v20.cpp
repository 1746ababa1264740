// HTTP keep-alive pool: each PooledConn registers a keep-alive hook capturing
// `this` with the shared IdleReaper, which runs every hook on sweep(). The
// connection is a net::Connection (send()/flush() throw "connection closed"
// once closed; close() is idempotent). retire() unregisters the hook before
// closing; onGoaway() closes the connection when the server sends GOAWAY but
// leaves the hook registered, so the next sweep pings a closed connection.
#include "netconn.h"

#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <utility>

class IdleReaper {
public:
  using Hook = std::function<void()>;
  int watch(Hook hook);
  void unwatch(int id) { hooks_.erase(id); }
  void sweep();

private:
  std::map<int, Hook> hooks_;
  int next_ = 0;
};

int IdleReaper::watch(Hook hook) {
  hooks_.emplace(++next_, std::move(hook));
  return next_;
}

void IdleReaper::sweep() {
  for (auto &h : hooks_)
    h.second();
}

class PooledConn {
public:
  PooledConn(std::string host, IdleReaper &reaper);
  ~PooledConn();
  PooledConn(const PooledConn &) = delete;
  PooledConn &operator=(const PooledConn &) = delete;
  void request(const std::string &path);
  void retire();
  void onGoaway(int lastStreamId);
  bool closed() const { return conn_.isClosed(); }

private:
  void keepAlive();
  net::Connection conn_;
  IdleReaper &reaper_;
  int hookId_ = -1;
  int lastStream_ = 0;
};

PooledConn::PooledConn(std::string host, IdleReaper &reaper)
    : conn_(std::move(host)), reaper_(reaper) {
  hookId_ = reaper_.watch([this] { keepAlive(); });
}

PooledConn::~PooledConn() {
  if (hookId_ >= 0)
    reaper_.unwatch(hookId_);
}

void PooledConn::keepAlive() {
  conn_.send("OPTIONS * HTTP/1.1\r\nHost: " + conn_.endpoint() + "\r\n\r\n"); // SAME: goawayping
}

void PooledConn::request(const std::string &path) {
  conn_.send("GET " + path + " HTTP/1.1\r\nConnection: keep-alive\r\n\r\n");
  conn_.flush();
  ++lastStream_;
}

void PooledConn::retire() {
  reaper_.unwatch(hookId_);
  hookId_ = -1;
  conn_.close();
}

void PooledConn::onGoaway(int lastStreamId) {
  if (lastStreamId < lastStream_)
    std::fprintf(stderr, "%s: %d requests lost\n", conn_.endpoint().c_str(),
                 lastStream_ - lastStreamId);
  conn_.close();
}

int main() {
  IdleReaper reaper;
  PooledConn api("api.internal:443", reaper);
  PooledConn cdn("cdn.internal:443", reaper);
  api.request("/v1/orders");
  cdn.request("/assets/app.js");
  reaper.sweep(); // OK: both connections are open
  cdn.retire();
  reaper.sweep(); // OK: cdn's hook was removed before its connection closed
  cdn.retire(); // OK: Connection::close() is idempotent and unwatch of a missing id does nothing
  api.onGoaway(1);
  if (!api.closed())
    api.request("/v1/orders?page=2"); // OK: guarded by closed()
  try {
    reaper.sweep(); // BUG: use-after-close #goawayping
  } catch (const std::exception &e) {
    std::fprintf(stderr, "keep-alive: %s\n", e.what());
  }
  return 0;
}
