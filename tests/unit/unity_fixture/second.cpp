namespace {
int twice(int x) {
    return x + x;
}
} // namespace

int second_value() {
    return twice(2);
}
