// Amateur rugby club match-day app: live events go to supporters through a
// Kafka producer, and the referee's video clips are streamed to the
// league's review service over a Cassandra-style multiplexed channel. At
// full time the producer is closed; the post-match summary takes its
// "still open" reading before the close and trusts it afterwards. The clip
// uploader checks isClosed() right before each send; the clubhouse message
// after the match goes to the review channel that full time already closed.
#include "messaging.h"
#include <string>
#include <vector>

struct MatchEvent {
  int minute;
  std::string what;
};

void publishEvents(kafka::KafkaProducer &supporters, const std::vector<MatchEvent> &events) {
  for (const MatchEvent &e : events)
    supporters.send({"rugby.live", std::to_string(e.minute) + "' " + e.what}); // OK: closed only at full time
}

void uploadClips(cassandra::StreamingMultiplexedChannel &review, const std::vector<std::string> &clips) {
  for (const std::string &clip : clips) {
    if (review.isClosed())
      return;
    review.sendMessage(review.controlChannel(), {"clip", clip}); // OK: checked right before the send
  }
}

void fullTime(kafka::KafkaProducer &supporters, cassandra::StreamingMultiplexedChannel &review,
              const std::vector<MatchEvent> &lastEvents, int home, int away) {
  publishEvents(supporters, lastEvents);
  const bool feedOpen = !supporters.isClosed();
  supporters.flush();
  supporters.close();
  review.sendControlMessage({"final", std::to_string(home) + "-" + std::to_string(away)});
  review.close();
  if (feedOpen)
    supporters.send({"rugby.live", "full time"}); // BUG: use-after-close
  uploadClips(review, {"lineout-72.mp4"}); // OK: uploadClips returns on the closed channel
}

void thirdHalf(kafka::KafkaProducer &supporters, cassandra::StreamingMultiplexedChannel &review) {
  if (!supporters.isClosed())
    supporters.send({"rugby.social", "clubhouse open"}); // OK: checked
  review.sendControlMessage({"bye", "see you next week"}); // SAME: third-half
}

void matchDay(kafka::KafkaProducer &supporters, cassandra::StreamingMultiplexedChannel &review,
              const std::vector<MatchEvent> &events) {
  publishEvents(supporters, events);
  fullTime(supporters, review, {{80, "try, converted"}}, 24, 17);
  thirdHalf(supporters, review); // BUG: use-after-close #third-half
}
