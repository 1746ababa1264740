// Plain records passed between the parlour, the herd database, the tanker feed, the labeller and
// the shift report.
#pragma once
#include <string>
#include <vector>

struct YieldRecord {
    int cow_no = 0;
    double litres = 0.0;
};

struct CollectionRecord {
    std::string id;
    double litres = 0.0;
    double temp_c = 0.0;
};

struct SampleBottle {
    int cow_no = 0;
    std::string bottle_id;
    std::string test;
};

struct ShiftTotals {
    std::string shift;
    int cows = 0;
    double litres = 0.0;
    std::vector<YieldRecord> yields;
};
