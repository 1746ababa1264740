// Negative: each stream lives in its own scope and is closed by its destructor.
#include <fstream>
#include <string>

std::string roundTrip(const std::string &path, const std::string &text) {
  {
    std::ofstream out(path);
    out << text;
  }
  std::string back;
  {
    std::ifstream in(path);
    std::getline(in, back);
    in.close();
  }
  return back;
}
