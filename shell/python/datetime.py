# datetime: time spans (timedelta) as Python's datetime module has them — normalised to days,
# seconds and microseconds, with Python's arithmetic, comparisons, repr and str. torch.distributed
# takes its timeouts as timedeltas. tsh has no date, time or datetime classes.

__all__ = ['timedelta']

_US_PER_DAY = 86400 * 1000000


def _microseconds(days, seconds, microseconds, milliseconds, minutes, hours, weeks):
    parts = [(weeks, 7 * _US_PER_DAY), (days, _US_PER_DAY), (hours, 3600000000), (minutes, 60000000),
             (seconds, 1000000), (milliseconds, 1000), (microseconds, 1)]
    whole = 0
    fraction = 0.0
    for value, scale in parts:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f'unsupported type for timedelta {_name(value, scale)} component: {type(value).__name__}')
        if isinstance(value, int):
            whole += value * scale
        else:
            fraction += value * scale
    return whole + round(fraction)


def _name(value, scale):
    return {7 * _US_PER_DAY: 'weeks', _US_PER_DAY: 'days', 3600000000: 'hours', 60000000: 'minutes',
            1000000: 'seconds', 1000: 'milliseconds', 1: 'microseconds'}[scale]


class timedelta:
    """A span of time: timedelta(days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0)."""

    def __init__(self, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0):
        us = _microseconds(days, seconds, microseconds, milliseconds, minutes, hours, weeks)
        d, rest = divmod(us, _US_PER_DAY)
        if abs(d) > 999999999:
            raise OverflowError(f'days={d}; must have magnitude <= 999999999')
        self._days = d
        self._seconds, self._microseconds = divmod(rest, 1000000)

    @property
    def days(self):
        return self._days

    @property
    def seconds(self):
        return self._seconds

    @property
    def microseconds(self):
        return self._microseconds

    def _us(self):
        return (self._days * 86400 + self._seconds) * 1000000 + self._microseconds

    def total_seconds(self):
        return self._us() / 1000000

    def __repr__(self):
        fields = [f'{name}={value}' for name, value in (('days', self._days), ('seconds', self._seconds),
                                                       ('microseconds', self._microseconds)) if value]
        return f"datetime.timedelta({', '.join(fields) if fields else '0'})"

    def __str__(self):
        minutes, s = divmod(self._seconds, 60)
        h, m = divmod(minutes, 60)
        text = f'{h}:{m:02d}:{s:02d}'
        if self._microseconds:
            text += f'.{self._microseconds:06d}'
        if self._days:
            text = f"{self._days} day{'s' if abs(self._days) != 1 else ''}, " + text
        return text

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta(microseconds=self._us() + other._us())
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta(microseconds=self._us() - other._us())
        return NotImplemented

    def __neg__(self):
        return timedelta(microseconds=-self._us())

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self._days < 0 else self

    def __mul__(self, other):
        if isinstance(other, bool) or not isinstance(other, (int, float)):
            return NotImplemented
        return timedelta(microseconds=self._us() * other if isinstance(other, int) else round(self._us() * other))

    __rmul__ = __mul__

    def __truediv__(self, other):
        if isinstance(other, timedelta):
            return self._us() / other._us()
        if isinstance(other, (int, float)) and not isinstance(other, bool):
            return timedelta(microseconds=round(self._us() / other))
        return NotImplemented

    def __floordiv__(self, other):
        if isinstance(other, timedelta):
            return self._us() // other._us()
        if isinstance(other, int) and not isinstance(other, bool):
            return timedelta(microseconds=self._us() // other)
        return NotImplemented

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta(microseconds=self._us() % other._us())
        return NotImplemented

    def __eq__(self, other):
        return isinstance(other, timedelta) and self._us() == other._us()

    def __ne__(self, other):
        return not self == other

    def _compare(self, other, name):
        if not isinstance(other, timedelta):
            raise TypeError(f"'{name}' not supported between instances of 'datetime.timedelta' and "
                            f"'{type(other).__name__}'")
        return self._us() - other._us()

    def __lt__(self, other):
        return self._compare(other, '<') < 0

    def __le__(self, other):
        return self._compare(other, '<=') <= 0

    def __gt__(self, other):
        return self._compare(other, '>') > 0

    def __ge__(self, other):
        return self._compare(other, '>=') >= 0

    def __bool__(self):
        return self._us() != 0

    def __hash__(self):
        return hash(self._us())


timedelta.min = timedelta(-999999999)
timedelta.max = timedelta(days=999999999, hours=23, minutes=59, seconds=59, microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)
