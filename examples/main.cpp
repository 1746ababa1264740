#include "producer.h"
#include "streaming.h"
#include <iostream>

int main() {
  streaming::StreamSession Session;
  Session.completeFixed();
  messaging::KafkaProducer Producer;
  bool Stop = false;
  messaging::publishAllFixed(Producer, {{"t", "a"}, {"t", "b"}}, Stop);
  try {
    streaming::StreamSession Risky;
    Risky.completeRisky();
  } catch (const std::exception &E) {
    std::cout << "as errlint predicted: " << E.what() << "\n";
  }
  return 0;
}
