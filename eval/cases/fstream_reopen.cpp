// Negative: the same ofstream is reopened on the next file before writing.
#include <fstream>
#include <string>

void splitInTwo(const std::string &a, const std::string &b, const std::string &text) {
  std::ofstream out(a);
  out << text.substr(0, text.size() / 2);
  out.close();
  out.open(b);
  out << text.substr(text.size() / 2);
  out.close();
}
