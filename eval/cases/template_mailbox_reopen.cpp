// An actor's Mailbox<T> template can be closed while the actor restarts and
// reopened afterwards; post() throws "mailbox is closed" only in between.
// restart() closes, reopens and posts (correct); posting after a close whose
// reopen happens only when a flag is set is a bug on the other path.
#include <stdexcept>
#include <string>
#include <vector>

template <class T> class Mailbox {
public:
  void post(T message) {
    if (closed_)
      throw std::runtime_error("mailbox is closed");
    pending_.push_back(std::move(message));
  }
  void close() { closed_ = true; }
  void reopen() {
    pending_.clear();
    closed_ = false;
  }

private:
  std::vector<T> pending_;
  bool closed_ = false;
};

struct Command {
  std::string verb;
  int arg;
};

class Actor {
public:
  void restart() {
    inbox_.close();
    inbox_.reopen();
    inbox_.post({"init", 0}); // OK
    names_.close();
    names_.reopen();
    names_.post("restarted"); // OK
  }

  void suspend(bool autoResume) {
    inbox_.close();
    if (autoResume)
      inbox_.reopen();
    inbox_.post({"tick", 1}); // BUG: use-after-close
  }

private:
  Mailbox<Command> inbox_;
  Mailbox<std::string> names_;
};
