import { Slider } from 'radix-ui';

interface RangeFieldProps {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** How the value reads on screen and to assistive technology ("18px", "1.8"). */
  format: (value: number) => string;
  onChange: (value: number) => void;
}

/** A labelled slider showing its value; arrow keys, Home and End work on the thumb. */
export function RangeField({
  id,
  label,
  value,
  min,
  max,
  step,
  format,
  onChange,
}: RangeFieldProps) {
  const labelId = `${id}-label`;
  return (
    <div>
      <div className="flex items-center justify-between">
        <span id={labelId} className="text-sm font-medium">
          {label}
        </span>
        <output
          htmlFor={id}
          className="text-sm tabular-nums text-muted-foreground"
          data-testid={`${id}-value`}
        >
          {format(value)}
        </output>
      </div>
      <Slider.Root
        className="relative mt-3 flex h-5 w-full touch-none select-none items-center"
        value={[value]}
        min={min}
        max={max}
        step={step}
        onValueChange={([next]) => {
          if (next !== undefined) onChange(next);
        }}
      >
        <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
          <Slider.Range className="absolute h-full bg-primary" />
        </Slider.Track>
        <Slider.Thumb
          id={id}
          aria-labelledby={labelId}
          aria-valuetext={format(value)}
          className="block size-5 rounded-full border-2 border-primary bg-background shadow transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
      </Slider.Root>
      <div className="mt-1 flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{format(min)}</span>
        <span>{format(max)}</span>
      </div>
    </div>
  );
}
