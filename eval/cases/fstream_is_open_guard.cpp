// Negative: reads happen only while is_open() says the stream is open.
#include <fstream>
#include <string>

bool readFirstLine(std::ifstream &in, std::string &line, bool abort) {
  if (abort)
    in.close();
  if (!in.is_open())
    return false;
  std::getline(in, line);
  return true;
}
