// A streaming import sends one message per record. When a record cannot be
// encoded the handler reports the skip on the control channel and continues
// (fine: nothing has been closed). When the send itself fails the handler
// closes the channel and breaks out of the loop, but the summary after the
// loop is still sent on the closed channel (bug).
#include "messaging.h"
#include <cstddef>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

struct Record {
  std::string key;
  std::string payload;
};

class EncodeError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

static cassandra::StreamMessage encode(const Record &record) {
  if (record.key.empty())
    throw EncodeError("record without a key");
  return {"ROW", record.key + "=" + record.payload};
}

std::size_t importRecords(cassandra::StreamingMultiplexedChannel &channel,
                          cassandra::StreamingChannel &data,
                          const std::vector<Record> &records) {
  std::size_t sent = 0;
  std::size_t skipped = 0;
  for (const Record &record : records) {
    try {
      channel.sendMessage(data, encode(record));
      ++sent;
    } catch (const EncodeError &e) {
      ++skipped;
      channel.sendControlMessage({"SKIP", e.what()}); // OK: nothing closed yet
      continue;
    } catch (const std::exception &e) {
      std::cerr << "import aborted at " << record.key << ": " << e.what() << '\n';
      channel.close();
      break;
    }
  }
  const std::string summary =
      "sent=" + std::to_string(sent) + " skipped=" + std::to_string(skipped);
  channel.sendControlMessage({"SUMMARY", summary}); // BUG: use-after-close
  return sent;
}
