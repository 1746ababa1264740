// Signal box on a single-track branch: token-instrument messages (offer, accept, train
// entering section, section clear) are streamed to the neighbouring box over a
// multiplexed channel, and every bell code is mirrored to the box's event channel for
// the train register. Correct: each close is followed by a return or a break, or the
// later use is behind an isClosed()/isOpen() check, so nothing is sent on a closed channel.
#include "messaging.h"

#include <string>
#include <vector>

enum class BellCode { CallAttention, IsLineClear, TrainEnteringSection, TrainOutOfSection, Obstruction };

static const char *bell_name(BellCode c) {
  switch (c) {
  case BellCode::CallAttention: return "1";
  case BellCode::IsLineClear: return "3-1";
  case BellCode::TrainEnteringSection: return "2";
  case BellCode::TrainOutOfSection: return "2-1";
  case BellCode::Obstruction: return "6";
  }
  return "?";
}

class TokenBlock {
public:
  TokenBlock(cassandra::StreamSession &session, EventChannel &register_feed)
      : session_(session), register_(register_feed) {}

  bool ring(BellCode code, const std::string &train);
  void obstruction(const std::string &where);
  void closeSection();

private:
  void mirror(const std::string &line) {
    if (register_.isOpen())
      register_.send(line); // OK
  }
  cassandra::StreamSession &session_;
  EventChannel &register_;
  int rung_ = 0;
};

bool TokenBlock::ring(BellCode code, const std::string &train) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (ch.isClosed())
    return false;
  cassandra::StreamMessage msg{"bell", std::string(bell_name(code)) + " " + train};
  ch.sendMessage(ch.controlChannel(), msg); // OK
  mirror(msg.Body);
  ++rung_;
  return true;
}

void TokenBlock::obstruction(const std::string &where) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (!ch.isClosed()) {
    ch.sendControlMessage({"bell", bell_name(BellCode::Obstruction)});
    ch.close();
  }
  session_.onError("obstruction at " + where);
  mirror("OBSTRUCTION " + where);
}

void TokenBlock::closeSection() {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (ch.isClosed()) // OK
    return;
  ch.sendControlMessage({"close", "box closing, " + std::to_string(rung_) + " codes"});
  ch.close();
}

int work_train(TokenBlock &block, cassandra::StreamSession &session, const std::string &train,
               const std::vector<BellCode> &sequence) {
  int sent = 0;
  for (BellCode code : sequence) {
    if (code == BellCode::Obstruction) {
      block.obstruction("between boxes, train " + train);
      break;
    }
    if (!block.ring(code, train)) // OK
      return -1;
    ++sent;
  }
  if (session.channel().isClosed())
    return sent;
  session.channel().setTimeout(30); // OK
  return sent;
}

void preview_then_close(cassandra::StreamSession &session) {
  cassandra::StreamingMultiplexedChannel &ch = session.channel();
  if (session.isPreview()) {
    ch.close();
    return;
  }
  ch.sendControlMessage({"preview", "not a preview session"}); // OK
}
