// Notification service: the SMS sender submits one-time passwords, alerts,
// marketing texts and receipts to the carrier's SMPP server over one
// SmppSession, and unbinds it on maintenance windows and shutdown.
// SmppSession semantics: submit() and enquireLink() throw std::runtime_error
// unless the session is bound; unbind() is idempotent; rebind() binds an
// unbound session again; state() is State::Unbound after unbind() until
// rebind(); closed() and !isBound() mean the same; explicit operator bool is
// true while bound.
// Negative case: every submit()/enquireLink() runs right after a guard (or a
// rebind()) on the same session, and nothing between the guard and the call
// can unbind it; the loops re-check the session on every iteration and leave
// right after the unbind() inside them; the destructor's unbind() is a
// documented no-op on an unbound session.
#include <deque>
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>

class SmppSession {
public:
  enum class State { Bound, Unbound };
  explicit SmppSession(std::string systemId) : systemId_(std::move(systemId)) {}
  void submit(const std::string &pdu) {
    if (state_ != State::Bound)
      throw std::runtime_error("SMPP session " + systemId_ + " unbound: " + pdu);
    ++sequence_;
  }
  void enquireLink() {
    if (state_ != State::Bound)
      throw std::runtime_error("SMPP session " + systemId_ + " unbound: enquire_link");
  }
  void unbind() { state_ = State::Unbound; }
  void rebind() { state_ = State::Bound; }
  State state() const { return state_; }
  bool closed() const { return state_ == State::Unbound; }
  bool isBound() const { return state_ == State::Bound; }
  explicit operator bool() const { return isBound(); }

private:
  std::string systemId_;
  long sequence_ = 0;
  State state_ = State::Bound;
};

class SmsSender {
public:
  explicit SmsSender(const std::string &systemId) : session_(systemId) {}
  ~SmsSender() { session_.unbind(); }

  void queue(std::string text) { queue_.push_back(std::move(text)); }

  void drainQueue() {
    while (!session_.closed() && !queue_.empty()) {
      session_.submit(queue_.front()); // OK: the loop condition is re-checked every iteration
      queue_.pop_front();
    }
  }

  bool sendOtp(const std::string &phone, const std::string &code) {
    if (session_.closed() || ++sentThisSecond_ > 50)
      return false;
    session_.submit(phone + ": your code is " + code); // OK: closed() || ... returned first
    return true;
  }

  void sendAlert(const std::string &text) {
    if (session_.state() == SmppSession::State::Unbound)
      session_.rebind();
    session_.submit("ALERT " + text); // OK: an unbound session was rebound just above
  }

  void sendMarketing(const std::string &text) {
    if (!session_)
      return;
    session_.submit(text); // OK: operator bool checked first
  }

  void sendReceipt(const std::string &phone, long cents) {
    const bool bound = session_.isBound();
    std::string text = phone + ": paid " + std::to_string(cents / 100) + "." +
                       std::to_string(cents % 100);
    if (bound)
      session_.submit(text); // OK: only string formatting runs between the query and the use
  }

  void keepAlive(int rounds) {
    while (!session_.closed()) {
      session_.enquireLink(); // OK: checked by the loop condition
      if (--rounds == 0) {
        session_.unbind(); // maintenance window starts
        break;
      }
    }
  }

  void shutdown() { session_.unbind(); }

private:
  SmppSession session_;
  std::deque<std::string> queue_;
  int sentThisSecond_ = 0;
};

int main() {
  SmsSender sender("notify-eu");
  sender.queue("+4915100000001: your parcel is out for delivery");
  sender.queue("+4915100000002: your parcel was delivered");
  sender.drainQueue();
  sender.sendOtp("+4915100000003", "482913");
  sender.keepAlive(3);
  sender.sendMarketing("Spring sale: 20% off"); // OK: skipped during the maintenance window
  sender.sendReceipt("+4915100000004", 2599); // OK: isBound() is false, nothing is submitted
  sender.queue("+4915100000005: your table is ready");
  sender.drainQueue(); // OK: the loop does not run while unbound
  sender.sendAlert("disk 91% full on sms-gw-2");
  sender.sendReceipt("+4915100000004", 2599);
  sender.drainQueue();
  sender.shutdown();
  sender.shutdown(); // OK: unbind() is idempotent
  return 0;
} // OK: the destructor's unbind() is a no-op on an unbound session
