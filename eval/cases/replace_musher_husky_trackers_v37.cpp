// Sled-dog race: every team's GPS collar reports through a TrackerLink (a TCP
// socket to a checkpoint relay). At checkpoints a team's link is dropped and
// replaced with a link to the next relay. The swap is done right in most
// places (both paths replace or return, optional reset/emplace, std::swap
// with a standby, move-assigning a fresh link), but checkpoint_swap() only
// replaces the link when a spare relay is ready, and blizzard_failover()
// keeps the dropped link when connecting to the spare throws.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

struct Fix {
  double lat, lon;
};

class TrackerLink {
 public:
  explicit TrackerLink(const std::string& relay_ip) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in sa{};
    sa.sin_family = AF_INET;
    sa.sin_port = htons(7400);
    if (fd_ < 0 || ::inet_pton(AF_INET, relay_ip.c_str(), &sa.sin_addr) != 1 ||
        ::connect(fd_, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0) {
      if (fd_ >= 0) ::close(fd_);
      throw std::runtime_error("tracker link: cannot reach relay " + relay_ip);
    }
  }
  TrackerLink(TrackerLink&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  TrackerLink& operator=(TrackerLink&& o) noexcept {
    if (this != &o) {
      if (fd_ >= 0) ::close(fd_);
      fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
  }
  ~TrackerLink() {
    if (fd_ >= 0) ::close(fd_);
  }

  void report(const Fix& f) {
    if (fd_ < 0) throw std::runtime_error("tracker link disconnected");
    ::send(fd_, &f, sizeof f, MSG_NOSIGNAL);
  }
  void disconnect() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  bool connected() const { return fd_ >= 0; }

 private:
  int fd_ = -1;
};

struct Team {
  std::string bib;
  std::unique_ptr<TrackerLink> link;
  std::string next_relay;
};

void checkpoint_swap(Team& t, const Fix& at, bool spare_ready) {
  t.link->disconnect();
  if (spare_ready) t.link = std::make_unique<TrackerLink>(t.next_relay);
  t.link->report(at);  // BUG: use-after-close
}

void checkpoint_swap_checked(Team& t, const Fix& at, bool spare_ready) {
  t.link->disconnect();
  if (!spare_ready) return;
  t.link = std::make_unique<TrackerLink>(t.next_relay);
  t.link->report(at);  // OK: replaced on the only path that reaches here
}

void blizzard_failover(Team& t, const Fix& at) {
  t.link->disconnect();
  try {
    t.link = std::make_unique<TrackerLink>(t.next_relay);
  } catch (const std::runtime_error&) {
    // relay unreachable in the storm; keep going
  }
  t.link->report(at);  // BUG: use-after-close
}

class SledTelemetry {
 public:
  void rehome(const std::string& relay, const Fix& at) {
    if (link_) link_->disconnect();
    link_.reset();
    link_.emplace(relay);
    link_->report(at);  // OK: a new link was emplaced
  }
  void rest_stop(bool keep_reporting, const std::string& relay, const Fix& at) {
    if (link_) link_->disconnect();
    link_.reset();
    if (keep_reporting) link_.emplace(relay);
    if (link_) link_->report(at);  // OK: only reports when a new link was emplaced
  }

 private:
  std::optional<TrackerLink> link_;
};

void swap_to_standby(std::unique_ptr<TrackerLink>& primary, std::unique_ptr<TrackerLink>& standby, const Fix& at) {
  std::swap(primary, standby);
  standby->disconnect();  // drops the old primary
  primary->report(at);  // OK: primary now holds the former standby link
}

void relay_reassign(const std::string& old_ip, const std::string& new_ip, const Fix& at) {
  TrackerLink link(old_ip);
  link.report(at);
  link.disconnect();
  link = TrackerLink(new_ip);
  link.report(at);  // OK: move-assigned a freshly connected link
}
