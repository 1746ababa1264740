// CSV and time formatting shared by the report writers.
#pragma once
#include <cstddef>
#include <ctime>
#include <ostream>
#include <string>
#include <vector>

struct CarrierTotals {
  std::size_t delivered = 0;
  std::size_t collected = 0;
  std::size_t returned = 0;
  std::size_t overdue = 0;
};

std::string csvEscape(const std::string &field);
void writeCsvRow(std::ostream &os, const std::vector<std::string> &fields);
void writeTotals(std::ostream &os, const CarrierTotals &totals);

std::string formatDay(std::time_t t);
std::string formatTimestamp(std::time_t t);
