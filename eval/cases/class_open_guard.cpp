// Negative: an application channel checked with isOpen() before each send.
#include "messaging.h"
#include <string>
#include <vector>

void forward(EventChannel &events, const std::vector<std::string> &lines, bool quit) {
  for (const std::string &l : lines) {
    if (l == "quit" || quit)
      events.close();
    if (events.isOpen())
      events.send(l);
  }
}
