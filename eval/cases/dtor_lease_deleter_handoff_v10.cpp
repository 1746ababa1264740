// Negative. A peer link is wrapped in a unique_ptr whose deleter hangs the link
// up, so every early return of connectPeer() hangs up the half-open link; on
// success the unique_ptr is moved into the registry, which keeps posting on it
// (the deleter runs only when the registry is destroyed). replayJournal() arms
// a ScopeExit that hangs up if a post throws and dismisses it on success, so
// the caller's post after a successful replay is on a live link, and on the
// throwing path the caller never reaches its post.
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename Fn> class ScopeExit {
public:
  explicit ScopeExit(Fn fn) : fn_(std::move(fn)) {}
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  ~ScopeExit() {
    if (armed_)
      fn_();
  }
  void dismiss() { armed_ = false; }

private:
  Fn fn_;
  bool armed_ = true;
};

class PeerLink {
public:
  explicit PeerLink(std::string address) : address_(std::move(address)) {}

  bool handshake() {
    if (hungUp_)
      throw std::runtime_error("peer link hung up: " + address_);
    return !address_.empty();
  }

  void post(const std::string &message) {
    if (hungUp_)
      throw std::runtime_error("peer link hung up: " + address_);
    sent_.push_back(message);
  }

  void hangup() { hungUp_ = true; }
  const std::string &address() const { return address_; }

private:
  std::string address_;
  std::vector<std::string> sent_;
  bool hungUp_ = false;
};

struct HangupDeleter {
  void operator()(PeerLink *link) const {
    link->hangup();
    delete link;
  }
};
using LinkHandle = std::unique_ptr<PeerLink, HangupDeleter>;

class PeerRegistry {
public:
  PeerLink &adopt(LinkHandle link) {
    links_.push_back(std::move(link));
    return *links_.back();
  }

  void broadcast(const std::string &message) {
    for (LinkHandle &link : links_)
      link->post(message); // OK: registry-owned links are hung up only by its destructor
  }

private:
  std::vector<LinkHandle> links_;
};

bool connectPeer(PeerRegistry &registry, const std::string &address) {
  LinkHandle link(new PeerLink(address));
  if (!link->handshake())
    return false; // the deleter hangs up the rejected link
  link->post("hello"); // OK: the deleter has not run
  PeerLink &adopted = registry.adopt(std::move(link));
  adopted.post("ready"); // OK: ownership moved into the registry, nothing hung up
  return true;
}

void replayJournal(PeerLink &link, const std::vector<std::string> &entries) {
  auto hangUpOnFailure = [&link] { link.hangup(); };
  ScopeExit<decltype(hangUpOnFailure)> guard(hangUpOnFailure);
  for (const std::string &entry : entries)
    link.post(entry); // OK: the guard only runs when the function is left
  guard.dismiss();
}

void rejoinCluster(PeerRegistry &registry, const std::vector<std::string> &peers,
                   const std::vector<std::string> &journal) {
  for (const std::string &address : peers)
    connectPeer(registry, address);
  LinkHandle seed(new PeerLink("seed.cluster.local"));
  replayJournal(*seed, journal);
  seed->post("resume"); // OK: replayJournal dismissed its guard; a throwing post never gets here
  registry.adopt(std::move(seed));
  registry.broadcast("member-joined"); // OK: the registry owns live links
}
