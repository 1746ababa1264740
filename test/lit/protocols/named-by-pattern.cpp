// A class whose name a catalogue profile's pattern matches (`*Channel`,
// `*Producer`) is still read for what its code does: the uses the profile
// lists are reported under the profile's rule and record, and the uses the
// class's own guards add (publish() here) under its inferred protocol.
// Each call is reported once.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST
#include <stdexcept>
#include <string>
#include <vector>

template <class Msg> class TypedChannel {
public:
  void publish(const Msg &m) {
    if (closed_)
      throw std::logic_error("channel closed");
    backlog_.push_back(m);
  }
  void send(const Msg &m) {
    if (closed_)
      throw std::logic_error("channel closed");
    backlog_.push_back(m);
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  std::vector<Msg> backlog_;
  bool closed_ = false;
};

// LIST: TypedChannel: closed when 'closed_' is set (rule use-after-close)
// LIST-NEXT: close   close()
// LIST-NEXT: use     publish()
// LIST-NOT: use     send()

void publishAfterClose(TypedChannel<int> &trades) {
  trades.close();
  trades.publish(1);
  // CHECK: named-by-pattern.cpp:[[@LINE-1]]:10: warning: call to 'publish' on 'trades' after it was closed [errlint-use-after-close]
  // CHECK: note: 'trades' is closed here
  // CHECK: note: 'TypedChannel::publish' throws "channel closed" when 'closed_' is set
  // CHECK: note: errlint inferred the protocol of 'TypedChannel'
}

// send() is the profile's: reported once, under its rule and record.
void sendAfterClose(TypedChannel<int> &trades) {
  trades.close();
  trades.send(2);
  // CHECK: named-by-pattern.cpp:[[@LINE-1]]:10: warning: call to 'send' on 'trades' after it was closed [errlint-send-after-close]
  // CHECK: note: 'trades' is closed here
}

// The queries the class defines guard both.
void guarded(TypedChannel<int> &trades, bool stop) {
  if (stop)
    trades.close();
  if (trades.isClosed())
    return;
  trades.publish(3);
  trades.send(3);
}

// Another instance is another object.
void otherInstance(TypedChannel<int> &trades, TypedChannel<long> &quotes) {
  trades.close();
  quotes.publish(4);
}

// A producer with a use the profile does not list.
class AuditProducer {
public:
  void send(const std::string &m) {
    if (closed_)
      throw std::runtime_error("producer closed");
    log_.push_back(m);
  }
  void audit(const std::string &m) {
    if (closed_)
      throw std::runtime_error("producer closed");
    log_.push_back("audit " + m);
  }
  void close() { closed_ = true; }

private:
  std::vector<std::string> log_;
  bool closed_ = false;
};

void auditAfterClose(AuditProducer &p) {
  p.close();
  p.audit("shutdown");
  // CHECK: named-by-pattern.cpp:[[@LINE-1]]:5: warning: call to 'audit' on 'p' after it was closed [errlint-use-after-close]
  // audit() throws once closed: send() runs only on an open producer.
  p.send("late");
}
void sendAfterClose(AuditProducer &p) {
  p.close();
  p.send("late");
  // CHECK: named-by-pattern.cpp:[[@LINE-1]]:5: warning: call to 'send' on 'p' after it was closed [errlint-send-after-close]
}
