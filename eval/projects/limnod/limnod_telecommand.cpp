// LimnoTelecommand: operator commands from Kafka, fired on the switchboard. The
// constructor subscribes the offset commit to "telecommand/handled", which
// pollOnce() fires after each command's handlers have run.
#include "limnod_telecommand.h"
#include "limnod_switchboard.h"

LimnoTelecommand::LimnoTelecommand(std::unique_ptr<RdKafka::KafkaConsumer> consumer,
                                   LimnoSwitchboard &board)
    : consumer_(std::move(consumer)), board_(board) {
  consumer_->subscribe({"limnod.telecommand"});
  commitToken_ = board_.subscribe("telecommand/handled", [this](const std::string &) {
    consumer_->commitSync(); // BUG: use-after-close
  });
}

LimnoTelecommand::~LimnoTelecommand() {
  board_.unsubscribe(commitToken_);
  if (!closed_)
    consumer_->close(); // OK: stop() closed it and set closed_ otherwise
}

void LimnoTelecommand::pollOnce() {
  if (closed_)
    return;
  RdKafka::Message *message = consumer_->consume(50); // OK: closed_ is set when stop() closes
  if (!message)
    return;
  const std::string line = telecommandPayload(message);
  releaseTelecommand(message);
  if (line.empty())
    return;
  const auto sp = line.find(' ');
  board_.fire(line.substr(0, sp), sp == std::string::npos ? "" : line.substr(sp + 1));
  ++handled_;
  board_.fire("telecommand/handled", line);
}

void LimnoTelecommand::stop() {
  if (closed_)
    return;
  consumer_->close();
  closed_ = true;
}
