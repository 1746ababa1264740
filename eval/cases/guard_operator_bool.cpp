// A WAL producer (declared in replication.h) converts to false once closed.
// The appender returns with `if (!producer) return;` and the fast path sends
// under `if (producer)` (correct) after a close that happens only on error.
#include "replication.h"

#include <string>

void appendRecord(repl::WalProducer &producer, const std::string &record, bool diskFull) {
  if (diskFull)
    producer.close();
  if (!producer)
    return;
  producer.send(record); // OK
}

void appendIfOpen(repl::WalProducer &producer, const std::string &record, bool diskFull) {
  if (diskFull)
    producer.close();
  if (producer)
    producer.send(record); // OK
}

void appendChecked(repl::WalProducer &producer, const std::string &record, bool diskFull) {
  if (diskFull)
    producer.close();
  if (producer.is_closed())
    return;
  producer.send(record); // OK
}
