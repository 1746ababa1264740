#include "producer.h"
#include "streaming.h"
#include <iostream>

namespace messaging {
void runPipeline(bool Risky);
}

int main() {
  streaming::StreamSession Session;
  Session.completeFixed();
  messaging::KafkaProducer Producer;
  bool Stop = false;
  messaging::publishAllFixed(Producer, {{"t", "a"}, {"t", "b"}}, Stop);
  messaging::runPipeline(/*Risky=*/false);
  try {
    streaming::StreamSession Risky;
    Risky.completeRisky();
  } catch (const std::exception &E) {
    std::cout << "as errlint predicted: " << E.what() << "\n";
  }
  return 0;
}
