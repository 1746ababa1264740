// A use that closes only when it fails: `call()` throws once the channel
// is closed, and on a timeout sets the closed state right before it throws
// TimeoutError. It is a use, not a close: a close after a call that
// returned is the first close, while the handler of its TimeoutError, and
// whatever follows a handler that swallows it, meet a closed channel. A
// method named as a close that closes and then throws stays a close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>
#include <string>

struct RpcTimeout : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class RpcLink {
public:
  std::string call(const std::string &Req, int TimeoutMs);
  void close();
  bool closed() const { return Closed; }

private:
  bool Closed = false;
  bool ReplyPending = false;
};

std::string RpcLink::call(const std::string &Req, int TimeoutMs) {
  if (Closed)
    throw std::runtime_error("rpc link is closed");
  if (TimeoutMs <= 0 || ReplyPending) {
    Closed = true;
    throw RpcTimeout("rpc " + Req + " timed out");
  }
  return Req;
}

void RpcLink::close() {
  if (Closed)
    throw std::logic_error("rpc link closed twice");
  Closed = true;
}

void closeAfterReply(RpcLink &L) {
  L.call("POST /drain", 100);
  L.close();
}

void closeAgainInHandler(RpcLink &L) {
  try {
    L.call("POST /drain", 100);
  } catch (const RpcTimeout &) {
    L.close();
    // CHECK: use-closes-when-failing.cpp:[[@LINE-1]]:7: warning: 'close' closes 'L' a second time [errlint-double-close]
    return;
  }
  L.close();
}

std::string swallowTimeout(RpcLink &L) {
  std::string Version = "unknown";
  try {
    Version = L.call("GET /version", 100);
  } catch (const RpcTimeout &) {
  }
  return Version + L.call("GET /uptime", 100);
  // CHECK: use-closes-when-failing.cpp:[[@LINE-1]]:22: warning: call to 'call' on 'L' that may have been closed [errlint-use-after-close]
}

std::string replaceAfterTimeout(std::shared_ptr<RpcLink> &L) {
  try {
    return L->call("GET /leases", 100);
  } catch (const RpcTimeout &) {
    L = std::make_shared<RpcLink>();
  }
  return L->call("GET /leases", 500);
}

bool checkedInHandler(RpcLink &L) {
  try {
    L.call("PING", 10);
    return true;
  } catch (const RpcTimeout &) {
    if (!L.closed())
      L.close();
    return false;
  }
}

// Abandon: a close that marks the stream closed and then throws when the
// peer did not acknowledge. It has closed all the same.
class Upload {
public:
  void write(const std::string &Chunk) {
    if (Finished)
      throw std::runtime_error("upload finished");
    Bytes += Chunk.size();
  }
  void finish() {
    Finished = true;
    if (Bytes == 0)
      throw std::runtime_error("empty upload");
  }

private:
  bool Finished = false;
  std::size_t Bytes = 0;
};

void writeAfterFailedFinish(Upload &U) {
  try {
    U.finish();
  } catch (const std::runtime_error &) {
  }
  U.write("trailer");
  // CHECK: use-closes-when-failing.cpp:[[@LINE-1]]:5: warning: call to 'write' on 'U' after it was closed [errlint-use-after-close]
}
