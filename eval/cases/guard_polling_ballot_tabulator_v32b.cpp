// Election night: each polling station's ballot scanner reports tallies to
// the count centre. Results go out on a Kafka producer, the scanner's audit
// records are written ahead through a WAL producer, and the returning
// officer's live feed is a streaming channel. When polls close at a station
// the feeds are closed one by one; late reports must not use them.
// Negative case: every use is behind a guard that sees the close, or the
// branch that closes returns before the use.
#include "messaging.h"
#include "replication.h"

#include <string>
#include <vector>

namespace election {

struct Tally {
  std::string station;
  std::string candidate;
  int votes;
};

class StationReporter {
public:
  StationReporter(kafka::KafkaProducer &results, repl::WalProducer &audit,
                  cassandra::StreamingMultiplexedChannel &live)
      : results_(results), audit_(audit), live_(live) {}

  void report(const std::vector<Tally> &batch) {
    for (const Tally &t : batch) {
      if (results_.isClosed())
        continue;
      results_.send({"tallies", t.station + ":" + t.candidate + "=" + std::to_string(t.votes)}); // OK: isClosed() checked
    }
  }

  void journal(const Tally &t) {
    if (!canJournal())
      return;
    audit_.send(t.station + " " + t.candidate); // OK: helper predicate checks is_closed()
  }

  void announce(const std::string &line, bool pollsClosed) {
    if (live_.isClosed())
      return;
    if (pollsClosed) {
      live_.sendControlMessage({"POLLS_CLOSED", line});
      live_.close();
      return;
    }
    live_.sendControlMessage({"UPDATE", line}); // OK: isClosed() checked and the closing branch returned
  }

  void recount(const Tally &t) {
    if (!audit_)
      return;
    audit_.send("recount " + t.station); // OK: operator bool is false once closed
    if (live_.isClosed())
      return;
    live_.sendMessage(live_.controlChannel(), {"RECOUNT", t.station}); // OK: isClosed() checked
  }

  void closeStation() {
    if (!results_.isClosed()) {
      results_.flush(); // OK: isClosed() checked
      results_.close();
    }
    if (!audit_.is_closed())
      audit_.close(); // OK: not closed yet
  }

private:
  bool canJournal() const { return !audit_.is_closed() && audit_.isOpen(); }

  kafka::KafkaProducer &results_;
  repl::WalProducer &audit_;
  cassandra::StreamingMultiplexedChannel &live_;
};

} // namespace election
