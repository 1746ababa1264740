// A function that returns an object it closed on every path that returns
// one (`victim->disconnect(); return victim;`, null on the others): the
// variable its result initializes is closed by the call. One that closes
// what it returns on some paths only, or not at all, leaves it open.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
class Sess {
public:
  void sendText(const std::string &M) {
    if (!open_) throw std::logic_error("send on disconnected session");
    last_ = M;
  }
  void disconnect() { open_ = false; }
private:
  bool open_ = true;
  std::string last_;
};
class Registry {
public:
  std::shared_ptr<Sess> kick(int id) {
    auto it = sessions_.find(id);
    if (it == sessions_.end()) return nullptr;
    std::shared_ptr<Sess> victim = std::move(it->second);
    sessions_.erase(it);
    victim->disconnect();
    return victim;
  }
  // Closes only the idle session it returns: the result may be open.
  std::shared_ptr<Sess> reap(int id, bool idle) {
    std::shared_ptr<Sess> s = sessions_.at(id);
    if (idle)
      s->disconnect();
    return s;
  }
  std::shared_ptr<Sess> take(int id) {
    auto it = sessions_.find(id);
    if (it == sessions_.end()) return nullptr;
    std::shared_ptr<Sess> s = std::move(it->second);
    sessions_.erase(it);
    return s;
  }
private:
  std::map<int, std::shared_ptr<Sess>> sessions_;
};
void kickAndTell(Registry &r, int id) {
  auto s = r.kick(id);
  if (!s) return;
  // CHECK: returns-closed.cpp:[[@LINE+3]]:6: warning: call to 'sendText' on 's' after it was closed
  // CHECK: returns-closed.cpp:[[@LINE-3]]:14: note: 's' is closed by the call to 'kick' here
  // CHECK: note: 'kick' closes it here
  s->sendText("LOGOUT");
}
void takeAndTell(Registry &r, int id) {
  auto s = r.take(id);
  if (!s) return;
  s->sendText("MOVED");
}
void reapAndTell(Registry &r, int id) {
  auto s = r.reap(id, false);
  s->sendText("STILL HERE");
}
