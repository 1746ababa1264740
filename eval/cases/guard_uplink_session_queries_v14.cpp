// Device uplink: a gateway keeps one UplinkSession per device and talks to it
// from several handlers, each guarding its sends with the session's queries
// (closed(), state(), operator bool, isOpen()). UplinkSession::send() throws
// std::runtime_error once the session is closed; close() is idempotent.
// Defects: rotate() checks closed() at the top but renewLease() can close the
// session before the next send; finishBatch() keeps an isOpen() result taken
// before abortSession() closed the session; onConfigPush() checks that the
// shared_ptr is non-null, which says nothing about the session being open.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class UplinkSession {
public:
  enum class State { Open, Closed };
  explicit UplinkSession(std::string device) : device_(std::move(device)) {}

  void send(const std::string &msg) {
    if (state_ == State::Closed)
      throw std::runtime_error("uplink closed: " + device_);
    sent_.push_back(msg);
  }
  void close() { state_ = State::Closed; }
  bool closed() const { return state_ == State::Closed; }
  bool isOpen() const { return state_ == State::Open; }
  State state() const { return state_; }
  explicit operator bool() const { return isOpen(); }

private:
  std::string device_;
  std::vector<std::string> sent_;
  State state_ = State::Open;
};

// Closes the session when the server refuses to renew; returns false then.
static bool renewLease(UplinkSession &s, int serverReply) {
  if (serverReply != 200) {
    s.close();
    return false;
  }
  s.send("LEASE-RENEWED");
  return true;
}

static void abortSession(UplinkSession &s, const std::string &why) {
  if (!s)
    return;
  s.send("ABORT " + why); // OK: operator bool is false once closed
  s.close();
}

void keepalive(UplinkSession &s, bool busy) {
  if (s.closed() || busy)
    return;
  s.send("PING"); // OK: returns above when closed
}

void drainOutbox(UplinkSession &s, std::vector<std::string> &outbox) {
  size_t i = 0;
  while (!s.closed() && i < outbox.size()) {
    const std::string &m = outbox[i++];
    s.send(m); // OK: the loop condition stops after "BYE" closed the session
    if (m == "BYE")
      s.close();
  }
}

void onIdle(UplinkSession &s, int idleSeconds) {
  if (idleSeconds > 300)
    abortSession(s, "idle");
  if (s.state() == UplinkSession::State::Closed)
    return;
  s.send("STATUS idle=" + std::to_string(idleSeconds)); // OK: state() checked after the close
}

void rotate(UplinkSession &s, int serverReply) {
  if (s.closed())
    return;
  s.send("ROTATE"); // OK: checked just above
  if (!renewLease(s, serverReply)) {
    s.send("ROTATE-FAILED"); // BUG: use-after-close
    return;
  }
  s.send("ROTATE-DONE"); // OK: renewLease() closes only when it returns false
}

struct Batch {
  std::string id;
  bool checksumMismatch = false;
};

void finishBatch(UplinkSession &s, const Batch &b) {
  bool open = s.isOpen();
  if (b.checksumMismatch)
    abortSession(s, "checksum " + b.id);
  if (open)
    s.send("COMMIT " + b.id); // BUG: use-after-close
}

struct Device {
  std::shared_ptr<UplinkSession> session;
  std::string configVersion;
};

void onDeviceOffline(Device &d) {
  if (d.session)
    d.session->close();
}

void onConfigPush(Device &d, const std::string &version) {
  d.configVersion = version;
  if (!d.session)
    return;
  d.session->send("CONFIG " + version); // SAME: configpush
}

void onConfigPushChecked(Device &d, const std::string &version) {
  if (!d.session || !*d.session)
    return;
  d.session->send("CONFIG " + version); // OK: checks the session, not only the pointer
}

void replay(Device &d, int serverReply, bool mismatch) {
  UplinkSession &s = *d.session;
  keepalive(s, false);
  rotate(s, serverReply);
  finishBatch(s, Batch{"b-17", mismatch});
  onDeviceOffline(d);
  onConfigPushChecked(d, "v42");
  onConfigPush(d, "v42"); // BUG: use-after-close #configpush
}
