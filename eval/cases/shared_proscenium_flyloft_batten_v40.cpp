// Theatre fly loft: each motorised batten (line set) is driven over a control socket. The link is
// shared: the fly rail owns it and strikes it at the end of the show, the cue stack keeps its own
// copy to run "next cue", the cue dispatcher stores lambdas that captured the shared_ptr, and the
// safety monitor holds a weak_ptr. Striking the rail closes the one BattenLink all of them share;
// rehanging the rail gives only the rail a new link.
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class BattenLink {
 public:
  BattenLink(int fd, int lineset) : fd_(fd), lineset_(lineset) {}
  ~BattenLink() {
    if (!closed_) ::close(fd_);
  }
  static std::shared_ptr<BattenLink> connect(const std::string& path, int lineset) {
    int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0) throw std::runtime_error("batten: socket failed");
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::strncpy(addr.sun_path, path.c_str(), sizeof(addr.sun_path) - 1);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
      ::close(fd);
      throw std::runtime_error("batten: connect failed");
    }
    return std::make_shared<BattenLink>(fd, lineset);
  }
  void move_to(int trim_cm) {
    if (closed_) throw std::runtime_error("batten link closed");
    char msg[32];
    int n = std::snprintf(msg, sizeof msg, "LS%d TRIM %d\n", lineset_, trim_cm);
    if (::send(fd_, msg, static_cast<size_t>(n), 0) != n) throw std::runtime_error("batten: send failed");
  }
  void close() {
    if (closed_) throw std::runtime_error("batten link already closed");
    closed_ = true;
    ::close(fd_);
  }
  bool is_closed() const { return closed_; }

 private:
  int fd_;
  int lineset_;
  bool closed_ = false;
};

class FlyRail {
 public:
  explicit FlyRail(std::shared_ptr<BattenLink> link) : link_(std::move(link)) {}
  void trim(int cm) { link_->move_to(cm); }
  void strike() { link_->close(); }
  void rehang(const std::string& ctrl, int lineset) { link_ = BattenLink::connect(ctrl, lineset); }

 private:
  std::shared_ptr<BattenLink> link_;
};

class CueStack {
 public:
  explicit CueStack(std::shared_ptr<BattenLink> link) : link_(std::move(link)) {}
  void add(int trim_cm) { trims_.push_back(trim_cm); }
  void next() {
    if (pos_ >= trims_.size()) return;
    link_->move_to(trims_[pos_++]);  // SAME: stack_next
  }

 private:
  std::shared_ptr<BattenLink> link_;
  std::vector<int> trims_;
  size_t pos_ = 0;
};

class CueDispatcher {
 public:
  void on(int cue, std::function<void()> fn) { cues_[cue] = std::move(fn); }
  void go(int cue) {
    auto it = cues_.find(cue);
    if (it != cues_.end()) it->second();
  }

 private:
  std::map<int, std::function<void()>> cues_;
};

void curtain_call(const std::string& ctrl) {
  auto link = BattenLink::connect(ctrl, 14);
  FlyRail rail(link);
  CueDispatcher cues;
  cues.on(12, [link] { link->move_to(850); });  // SAME: cue12
  std::weak_ptr<BattenLink> weak = link;
  cues.on(13, [weak] {
    if (auto l = weak.lock(); l && !l->is_closed()) l->move_to(0);  // OK: checked before use
  });
  cues.go(12);  // OK: before the strike
  rail.strike();
  cues.go(13);  // OK: the cue checks is_closed()
  cues.go(12);  // BUG: use-after-close #cue12
}

void safety_sweep(const std::string& ctrl) {
  auto link = BattenLink::connect(ctrl, 7);
  FlyRail rail(link);
  std::weak_ptr<BattenLink> watch = link;
  rail.trim(400);
  rail.strike();
  if (auto l = watch.lock()) l->move_to(0);  // BUG: use-after-close
}

void rehang_and_resume(const std::string& ctrl) {
  auto link = BattenLink::connect(ctrl, 9);
  FlyRail rail(link);
  CueStack stack(link);
  stack.add(300);
  stack.add(650);
  stack.next();  // OK: before the strike
  rail.strike();
  rail.rehang(ctrl, 9);  // OK: rehang() only replaces the rail's pointer
  rail.trim(500);  // OK: the rail holds the new link
  if (!link->is_closed()) stack.next();  // OK: guarded on the shared object
  stack.next();  // BUG: use-after-close #stack_next
}
