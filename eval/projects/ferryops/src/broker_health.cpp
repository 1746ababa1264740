// Broker backlog check, run from the terminal's tick: when the producer's
// queue of unacknowledged records passes the limit the broker is treated as
// unreachable, the publisher is closed (boardings continue into the manifest
// only) and the retries that are due are fired.
#include "boarding.h"

#include <cstdio>

namespace ferry {

void checkBrokerBacklog(BoardingPublisher &pub, RetryQueue &retries, int maxPending) {
  if (pub.closed())
    return;
  std::shared_ptr<kafka::KafkaProducer> producer = pub.producer();
  if (!producer || producer->isClosed())
    return;
  const int backlog = producer->pendingCount(); // OK: closed producers return above
  if (backlog < maxPending)
    return;
  std::fprintf(stderr, "broker backlog %d >= %d, closing the boarding publisher\n", backlog, maxPending);
  pub.close();
  retries.fireDue(Clock::now()); // BUG: use-after-close #retryfire
}

} // namespace ferry
