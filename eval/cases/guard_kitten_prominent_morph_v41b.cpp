// Uplinks for a prominent- and kitten-moth recording scheme. ProminentUplink
// sends records through a primary KittenLink and fails over to a backup;
// rotate_if_stale() closes the primary when its session ticket expires.
// MorphSplitter streams melanic and typical-morph records on two Cassandra
// streaming channels; flush_backlog() closes a channel whose peer stopped
// acknowledging.
// Mistakes: report_batch() picks the live link and checks it once before the
// loop, but rotate_if_stale() inside the loop can close that very link;
// end_of_batch() stores "is the channel open" before flush_backlog() and
// trusts the stale value afterwards; send_typical() checks the melanic
// channel (copy-pasted guard) and sends on the typical one.
#include "messaging.h"

#include <stdexcept>
#include <string>
#include <vector>

class KittenLink {
public:
  void send(const std::string &line) {
    if (closed_)
      throw std::runtime_error("send on closed kitten link");
    ++sent_;
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }
  bool ticket_expired() const { return sent_ > 1000; }

private:
  int sent_ = 0;
  bool closed_ = false;
};

class ProminentUplink {
public:
  KittenLink &active() { return primary_.closed() ? backup_ : primary_; }

  void report(const std::string &line) {
    KittenLink &link = active();
    if (link.closed())
      return;
    link.send(line); // OK: guarded just above, nothing in between
  }
  void report_batch(const std::vector<std::string> &lines) {
    KittenLink &link = active();
    if (link.closed())
      return;
    for (const std::string &l : lines) {
      link.send(l); // BUG: use-after-close
      if (++batched_ % 100 == 0)
        rotate_if_stale();
    }
  }
  void report_batch_rechecked(const std::vector<std::string> &lines) {
    for (const std::string &l : lines) {
      KittenLink &link = active();
      if (link.closed())
        break;
      link.send(l); // OK: the live link is picked and checked for every line
      if (++batched_ % 100 == 0)
        rotate_if_stale();
    }
  }
  void rotate_if_stale() {
    if (!primary_.closed() && primary_.ticket_expired())
      primary_.close(); // later records go to the backup
  }

private:
  KittenLink primary_, backup_;
  int batched_ = 0;
};

class MorphSplitter {
public:
  explicit MorphSplitter(cassandra::StreamSession &melanic, cassandra::StreamSession &typical)
      : melanic_(melanic.channel()), typical_(typical.channel()) {}

  void flush_backlog(cassandra::StreamingMultiplexedChannel &ch, int unacked) {
    if (ch.isClosed())
      return;
    if (unacked > 50) {
      ch.close(); // the peer stopped acknowledging; the session will be rebuilt
      return;
    }
    ch.sendControlMessage({"FLUSH", std::to_string(unacked)}); // OK: the closing path returned
  }
  void end_of_batch(int unacked) {
    const bool open = !melanic_.isClosed();
    flush_backlog(melanic_, unacked);
    if (open)
      melanic_.sendControlMessage({"BATCH-END", ""}); // BUG: use-after-close
  }
  void end_of_batch_rechecked(int unacked) {
    flush_backlog(typical_, unacked);
    if (!typical_.isClosed())
      typical_.sendControlMessage({"BATCH-END", ""}); // OK: checked after the call that may close
  }
  void send_melanic(const cassandra::StreamMessage &m) {
    if (!melanic_.isClosed())
      melanic_.sendMessage(melanic_.controlChannel(), m); // OK: guarded by its own isClosed()
  }
  void send_typical(const cassandra::StreamMessage &m) {
    if (!melanic_.isClosed())
      typical_.sendMessage(typical_.controlChannel(), m); // BUG: use-after-close
  }

private:
  cassandra::StreamingMultiplexedChannel &melanic_;
  cassandra::StreamingMultiplexedChannel &typical_;
};
